import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';

/** The red card that replaces the transform controls when nothing is left to pay with. */
export function NoCreditsCard({ className }: { className?: string }) {
  return (
    <section
      role="alert"
      aria-labelledby="no-credits-title"
      className={cn(
        'grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-destructive',
        className,
      )}
    >
      <h2 id="no-credits-title" className="flex items-center gap-2 text-lg font-semibold">
        <AlertCircle className="size-5" aria-hidden /> No Credits Available
      </h2>
      <p className="text-sm text-foreground">
        You have used this month&apos;s transformations and have no credits left. Buy credits or upgrade your
        plan to keep staging.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="destructive">
          <a href="/pricing#credits">Buy Credits</a>
        </Button>
        <Button asChild variant="outline">
          <Link href="/pricing">Upgrade Plan</Link>
        </Button>
      </div>
    </section>
  );
}
