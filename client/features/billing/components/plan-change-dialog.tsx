import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { ScheduledChangeChoice } from '#shared/schemas/billing.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
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
  // The agent's pick among copy.choices, remembered for the plan it was made for only.
  const [picked, setPicked] = useState<{ planId: string; value: ScheduledChangeChoice } | null>(null);
  const choice = picked && picked.planId === planId ? picked.value : null;
  const needsChoice = !!copy?.choices && !choice;
  const confirm = () => {
    if (!p || needsChoice) return;
    apply.mutate(
      {
        planId: p.toPlanId,
        ...(p.prorationDate ? { prorationDate: p.prorationDate } : {}),
        ...(copy?.choices && choice ? { scheduledChange: choice } : {}),
      },
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
      // Controls stay out of the description (it is read as one block when the dialog opens).
      children={
        copy?.choices && planId ? (
          <RadioGroup
            aria-label="Your scheduled plan change"
            value={choice ?? ''}
            onValueChange={(v) => setPicked({ planId, value: v as ScheduledChangeChoice })}
            className="mt-3 gap-3"
          >
            {copy.choices.map((c) => (
              <div key={c.value} className="flex items-start gap-3 rounded-lg border p-3 text-left">
                <RadioGroupItem id={`scheduled-${c.value}`} value={c.value} className="mt-0.5" />
                <Label htmlFor={`scheduled-${c.value}`} className="grid gap-1 font-normal">
                  <span className="font-medium text-foreground">{c.label}</span>
                  <span className="text-muted-foreground">{c.detail}</span>
                </Label>
              </div>
            ))}
          </RadioGroup>
        ) : undefined
      }
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
              disabled={apply.isPending || needsChoice}
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
