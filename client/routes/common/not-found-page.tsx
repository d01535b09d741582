import { AlertCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

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
          <p className="mt-4 text-sm text-muted-foreground">
            No route matches{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{location}</code>. Did you forget
            to add the page to the router?
          </p>
          <Button asChild className="mt-6">
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
