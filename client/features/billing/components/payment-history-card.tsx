import { Coins, CreditCard, ExternalLink, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '#client/components/ui/badge.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { formatDate, formatMoney } from '#client/lib/format.ts';
import { useCreditPurchases, usePayments } from '../api.ts';
import { paymentHistory, paymentStatusLabel } from '../payment-history.ts';

/** Subscription payments and credit purchases, newest first, amounts in dollars with 2 decimals. */
export function PaymentHistoryCard() {
  const payments = usePayments();
  const purchases = useCreditPurchases();
  const loading = payments.isPending || purchases.isPending;
  const rows = paymentHistory(payments.data ?? [], purchases.data ?? []);
  return (
    <TitledCard title="Payment History" description="Subscription payments and credit purchases.">
      {loading ? (
        <div className="grid gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No payments yet"
          text="Subscriptions and credit purchases will appear here."
        />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Payments">
          {rows.map((r) => {
            const Icon = r.kind === 'credits' ? Coins : CreditCard;
            return (
              <li
                key={`${r.kind}-${r.id}`}
                data-testid="payment-row"
                className="flex items-center gap-3 p-3 sm:p-4"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{r.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time> ·{' '}
                    {r.kind === 'credits' ? 'Credit purchase' : 'Subscription'}
                  </p>
                  {(r.receiptId || r.invoiceUrl) && (
                    <p className="mt-1 flex flex-wrap gap-x-3 text-xs">
                      {r.receiptId && (
                        <Link
                          href={`/receipts/${r.receiptId}`}
                          className="font-medium text-primary underline-offset-4 hover:underline"
                        >
                          Receipt
                        </Link>
                      )}
                      {r.invoiceUrl && (
                        <a
                          href={r.invoiceUrl}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                        >
                          Stripe invoice <ExternalLink className="size-3" aria-hidden />
                        </a>
                      )}
                    </p>
                  )}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="text-sm font-semibold tabular-nums">{formatMoney(r.amount)}</span>
                  <Badge variant={r.status === 'succeeded' ? 'success' : 'outline'}>
                    {paymentStatusLabel(r.status)}
                  </Badge>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </TitledCard>
  );
}
