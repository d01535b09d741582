import { Loader2 } from 'lucide-react';

/** The whole-page loading state: while a screen's code or its first data is on its way. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
    </div>
  );
}
