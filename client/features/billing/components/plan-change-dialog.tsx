import { Loader2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { useApplyPlanChange, usePlanChangePreview } from '../api.ts';
import { planChangeCopy } from '../plan-change-copy.ts';

interface Props {
  /** The plan chosen; null closes the dialog. */
  planId: string | null;
  onClose: () => void;
}

/**
 * A subscriber's plan change, confirmed before anything happens: the server's preview states what is
 * charged now, what the next payment is and when the change applies. Nothing changes on a click alone.
 */
export function PlanChangeDialog({ planId, onClose }: Props) {
  const preview = usePlanChangePreview(planId);
  const apply = useApplyPlanChange();
  const p = preview.data;
  const copy = p ? planChangeCopy(p) : null;
  const confirm = () => {
    if (!p) return;
    apply.mutate(
      { planId: p.toPlanId, ...(p.prorationDate ? { prorationDate: p.prorationDate } : {}) },
      {
        onSuccess: (r) => {
          toast({ title: 'Success!', description: r.message });
          onClose();
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Subscription Failed', description: err.message }),
      },
    );
  };
  return (
    <DialogShell
      open={planId !== null}
      onOpenChange={(open) => !open && !apply.isPending && onClose()}
      content={{ 'data-testid': 'plan-change-dialog' }}
      title={copy?.title ?? (preview.isError ? 'Plan change not available' : 'Checking your plan…')}
      descriptionIsBlock
      description={
        <>
          {preview.isPending && (
            <p className="flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Working out the price and dates…
            </p>
          )}
          {preview.isError && <p role="alert">{preview.error.message}</p>}
          {copy?.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </>
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={apply.isPending}>
            {copy ? 'Keep Current Plan' : 'Close'}
          </Button>
          {copy && (
            <PendingButton
              onClick={confirm}
              disabled={apply.isPending}
              pending={apply.isPending}
              pendingLabel="Processing..."
            >
              {copy.confirmLabel}
            </PendingButton>
          )}
        </>
      }
    />
  );
}
