import { CheckCircle2, Info, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useCheckoutResult } from '../api.ts';
import { purchaseOutcome } from '../purchase-outcome.ts';

/**
 * Back from a checkout (Stripe's return URLs or the test checkout): a credit purchase is confirmed with
 * the credits added and the new balance; leaving a checkout says that nothing was charged.
 */
export function PurchaseNotice({ kind }: { kind: 'credits' | 'subscription' }) {
  const [dismissed, setDismissed] = useState(false);
  const [startedAt] = useState(() => Date.now());
  const outcome = purchaseOutcome(window.location.search, window.location.hash);
  const showResult = outcome?.kind === kind && outcome.outcome === 'success' && kind === 'credits';
  const result = useCheckoutResult(showResult ? outcome.sessionId : null);
  if (dismissed || !outcome || outcome.kind !== kind) return null;
  let icon = <Info className="mt-0.5 size-5 shrink-0" aria-hidden />;
  let title: string;
  let body: string;
  if (outcome.outcome === 'canceled') {
    title = 'Checkout canceled';
    body = 'You left the checkout before paying, so nothing was charged. You can choose again any time.';
  } else if (kind === 'subscription') {
    icon = <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />;
    title = 'Payment received';
    body =
      'Thank you for subscribing. Your plan is shown below (it updates within seconds of the payment being confirmed), and a receipt is on its way to your e-mail.';
  } else if (result.data?.status === 'completed') {
    icon = <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />;
    title = 'Payment received';
    const what = result.data.itemName ? `${result.data.itemName}: ` : '';
    body = `${what}${result.data.credits ?? 0} credits added. Your balance is now ${result.data.creditsBalance} credits. A receipt is on its way to your e-mail.`;
  } else if (result.isError || result.data?.status === 'canceled') {
    title = 'Checkout not completed';
    body = result.error?.message ?? 'This checkout was canceled, so nothing was charged.';
  } else if (
    result.data?.status === 'pending' &&
    !result.isFetching &&
    result.dataUpdatedAt - startedAt > 28_000
  ) {
    title = 'Payment is being confirmed';
    body =
      'Your payment is still being confirmed by the card provider. Your credits appear as soon as it is, and a receipt is e-mailed.';
  } else {
    icon = <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin" aria-hidden />;
    title = 'Confirming your payment…';
    body = 'This takes a few seconds.';
  }
  return (
    <div
      role="status"
      data-testid="purchase-notice"
      className="mx-auto flex max-w-3xl items-start gap-3 rounded-lg border bg-background p-4 text-left shadow-sm"
    >
      {icon}
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{body}</p>
      </div>
      <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setDismissed(true)}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
