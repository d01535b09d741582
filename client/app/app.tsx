import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useHydrated } from '#client/hooks/use-hydrated.ts';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { AppRoutes } from './routes.tsx';

// Radix's toast machinery is not needed for the first paint; toasts raised before it loads wait in the
// store (client/hooks/use-toast.ts) and show as soon as it mounts.
const Toaster = lazy(() => import('#client/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

export function App() {
  // A lazy part suspends in the build-time render of "/", which React reports as an error on hydration.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <div className="flex min-h-screen flex-col">
          <Header />
          <main id="main" className="flex-1">
            <AppRoutes />
          </main>
          <Footer />
        </div>
        {hydrated && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </TooltipProvider>
    </QueryClientProvider>
  );
}
