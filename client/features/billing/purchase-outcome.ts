// Reads the outcome a checkout's return URL carries (see returnPath in the shared billing schema).

export interface PurchaseOutcome {
  kind: 'credits' | 'subscription';
  outcome: 'success' | 'canceled';
  sessionId: string | null;
}

/** `?purchase=success&session=…#credits` -> a credit purchase that succeeded; no `purchase` -> null. */
export function purchaseOutcome(search: string, hash: string): PurchaseOutcome | null {
  const q = new URLSearchParams(search);
  const outcome = q.get('purchase');
  if (outcome !== 'success' && outcome !== 'canceled') return null;
  const session = q.get('session');
  return {
    kind: hash === '#credits' ? 'credits' : 'subscription',
    outcome,
    // A Stripe success URL whose placeholder was not filled in carries no usable id.
    sessionId: session && !session.startsWith('{') ? session : null,
  };
}
