import { AlertCircle, Home, LayoutDashboard } from 'lucide-react';
import { useLocation } from 'wouter';
import { ButtonLink } from '#client/components/button-link.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

// The spec fixes the heading ('404 Page Not Found') and asks for a developer-style hint without giving
// its words: the hint is the one technical line naming the address; everything else speaks to an agent
// (docs/decisions/0135-accessibility-checks-and-focus.md).
export default function NotFoundPage() {
  const [location] = useLocation();
  usePageMeta('404 Page Not Found', 'The page you are looking for does not exist.');
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4">
            There is no page at this address. The link may be out of date, or the address may have a typo.
            Your photos and account are not affected.
          </p>
          <p className="mt-3 text-sm text-muted-foreground">
            No route matches{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs break-all">{location}</code>.
          </p>
          <div className="mt-6 flex flex-wrap gap-2">
            <ButtonLink href="/" icon={Home}>
              Back to Home
            </ButtonLink>
            <ButtonLink href="/dashboard" variant="outline" icon={LayoutDashboard}>
              Go to Dashboard
            </ButtonLink>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
