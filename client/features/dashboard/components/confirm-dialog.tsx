import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
}

/** A destructive yes/no question (delete a transformation, cancel the subscription). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  isPending = false,
  onConfirm,
}: Props) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      content={{ role: 'alertdialog' }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <PendingButton variant="destructive" onClick={onConfirm} disabled={isPending} pending={isPending}>
            {confirmLabel}
          </PendingButton>
        </>
      }
    />
  );
}
