import { FlaskConical, Loader2, Lock } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { TestCheckoutSession } from '#shared/schemas/billing.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { goToCheckout, useTestCheckoutAction, useTestCheckoutSession } from '#client/features/billing/api.ts';
import { formatPrice } from '#client/features/billing/pricing-rules.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { LoadingBlock } from '#client/features/billing/components/plans-section.tsx';

const CYCLE_LABEL = { monthly: 'Monthly billing', yearly: 'Yearly billing' } as const;

function itemLines(s: TestCheckoutSession) {
  if (s.kind === 'credits') return { title: s.itemName, detail: `${s.credits ?? 0} credits, never expire` };
  return { title: `${s.itemName} plan`, detail: s.billingCycle ? CYCLE_LABEL[s.billingCycle] : '' };
}

/** The embedded test checkout: stands in for Stripe Checkout when no Stripe key is configured. */
export default function TestCheckoutPage() {
  usePageMeta('Test Checkout', 'Complete a test purchase. Test mode: no card is charged.');
  const { sessionId = '' } = useParams<{ sessionId?: string }>();
  const session = useTestCheckoutSession(sessionId);
  const pay = useTestCheckoutAction(sessionId, 'pay');
  const cancel = useTestCheckoutAction(sessionId, 'cancel');
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;
  const run = (m: typeof pay) =>
    m.mutate(undefined, {
      onSuccess: (r) => goToCheckout(r.returnUrl),
      onError: (err) => toast({ variant: 'destructive', title: 'Payment Failed', description: err.message }),
    });

  if (session.isLoading) return <LoadingBlock label="Loading checkout" />;
  const s = session.data;
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <div
        role="note"
        className="mb-6 flex items-center gap-3 rounded-lg border border-brand-accent/60 bg-brand-accent/15 px-4 py-3 text-sm font-semibold"
      >
        <FlaskConical className="size-5 shrink-0" aria-hidden />
        Test mode: no card is charged
      </div>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Checkout</h1>
          <p className="text-sm text-muted-foreground">Roomstage test checkout</p>
        </CardHeader>
        {!s ? (
          <CardContent className="space-y-4">
            <p role="alert">{session.error?.message ?? 'Checkout session not found'}</p>
            <Button asChild variant="outline">
              <Link href="/pricing">Back to Pricing</Link>
            </Button>
          </CardContent>
        ) : (
          <>
            <CardContent className="space-y-4">
              <dl className="space-y-3">
                <div className="flex items-start justify-between gap-4">
                  <dt className="sr-only">Item</dt>
                  <dd>
                    <p className="font-semibold">{itemLines(s).title}</p>
                    <p className="text-sm text-muted-foreground">{itemLines(s).detail}</p>
                  </dd>
                  <dd className="font-semibold">{formatPrice(s.amount)}</dd>
                </div>
                {/* A border, not a <Separator>: a <dl> may hold only <div> groups of <dt> and <dd>. */}
                <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
                  <dt>Total due today</dt>
                  <dd>{formatPrice(s.amount)}</dd>
                </div>
              </dl>
              {s.status !== 'open' && (
                <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm">
                  {s.status === 'paid' ? 'This checkout is already paid.' : 'This checkout was canceled.'}
                </p>
              )}
            </CardContent>
            <CardFooter className="flex-col gap-3 sm:flex-row-reverse">
              {s.status === 'open' ? (
                <>
                  <Button size="lg" className="w-full sm:flex-1" disabled={busy} onClick={() => run(pay)}>
                    {pay.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
                    {pay.isPending ? 'Processing...' : `Pay ${formatPrice(s.amount)}`}
                  </Button>
                  <Button
                    size="lg"
                    variant="outline"
                    className="w-full sm:w-auto"
                    disabled={busy}
                    onClick={() => run(cancel)}
                  >
                    Cancel
                  </Button>
                </>
              ) : (
                <Button size="lg" className="w-full" onClick={() => goToCheckout(s.returnUrl)}>
                  Continue
                </Button>
              )}
            </CardFooter>
          </>
        )}
      </Card>
    </div>
  );
}
