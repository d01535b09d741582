import { errorCodeOf } from '#client/lib/api.ts';
import { ExternalLink, Printer, ReceiptText } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { Separator } from '#client/components/ui/separator.tsx';
import { useReceipt } from '#client/features/billing/api.ts';
import { LoadingBlock } from '#client/features/billing/components/plans-section.tsx';
import { formatDateTime, formatMoney } from '#client/lib/format.ts';
import { paymentStatusLabel } from '#client/features/billing/payment-history.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/** One payment's receipt (linked from payment history and from the receipt e-mail); printable. */
export default function ReceiptPage() {
  usePageMeta('Receipt', 'Your Roomstage payment receipt.');
  const { id = '' } = useParams<{ id?: string }>();
  const receipt = useReceipt(id);
  if (receipt.isPending) return <LoadingBlock label="Loading receipt" />;
  const r = receipt.data;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="flex-row items-center gap-3 space-y-0">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <ReceiptText className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Receipt{r ? ` ${r.number}` : ''}</h1>
            <p className="text-sm text-muted-foreground">Roomstage</p>
          </div>
        </CardHeader>
        {!r ? (
          <CardContent className="space-y-4">
            <p role="alert">
              {errorCodeOf(receipt.error) === 'unauthorized'
                ? 'Please sign in to see this receipt.'
                : (receipt.error?.message ?? 'Receipt not found')}
            </p>
            <Button asChild variant="outline">
              <Link href="/dashboard?tab=billing">Back to Billing</Link>
            </Button>
          </CardContent>
        ) : (
          <>
            <CardContent>
              <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted-foreground">Paid on</dt>
                <dd>
                  <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                </dd>
                <dt className="text-muted-foreground">Billed to</dt>
                <dd className="break-words">{r.name ? `${r.name}, ${r.email}` : r.email}</dd>
                <dt className="text-muted-foreground">What you bought</dt>
                <dd data-testid="receipt-description">{r.description}</dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>{paymentStatusLabel(r.status)}</dd>
              </dl>
              <Separator className="my-4" />
              <p className="flex items-center justify-between text-lg font-bold">
                <span>Amount paid</span>
                <span data-testid="receipt-amount">
                  {formatMoney(r.amount)}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    {r.currency.toUpperCase()}
                  </span>
                </span>
              </p>
            </CardContent>
            <CardFooter className="flex flex-wrap gap-2 print:hidden">
              <Button variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden /> Print
              </Button>
              {r.invoiceUrl && (
                <Button asChild variant="outline">
                  <a href={r.invoiceUrl} target="_blank" rel="noreferrer">
                    Stripe invoice <ExternalLink aria-hidden />
                  </a>
                </Button>
              )}
              <Button asChild variant="ghost">
                <Link href="/dashboard?tab=billing">Back to Billing</Link>
              </Button>
            </CardFooter>
          </>
        )}
      </Card>
    </div>
  );
}
