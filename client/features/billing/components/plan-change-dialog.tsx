import { Loader2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
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
    <Dialog open={planId !== null} onOpenChange={(open) => !open && !apply.isPending && onClose()}>
      <DialogContent data-testid="plan-change-dialog">
        <DialogHeader>
          <DialogTitle>
            {copy?.title ?? (preview.isError ? 'Plan change not available' : 'Checking your plan…')}
          </DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-2 text-sm text-muted-foreground">
              {preview.isPending && (
                <p className="flex items-center gap-2">
                  <Loader2 className="size-4 animate-spin" aria-hidden /> Working out the price and dates…
                </p>
              )}
              {preview.isError && <p role="alert">{preview.error.message}</p>}
              {copy?.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onClose} disabled={apply.isPending}>
            {copy ? 'Keep Current Plan' : 'Close'}
          </Button>
          {copy && (
            <Button onClick={confirm} disabled={apply.isPending} aria-busy={apply.isPending}>
              {apply.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {apply.isPending ? 'Processing...' : copy.confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
