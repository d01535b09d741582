import { useState } from 'react';
import { TRANSFORMATION_STATUSES, type TransformationStatus } from '#shared/schemas/staging.ts';
import type { AdminTransformation } from '#shared/schemas/admin.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { OptionSelect } from '#client/components/option-select.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { useChangeTransformationStatus } from '../api/mutations.ts';
import { titleCase } from '#client/lib/format.ts';
import { capitalize, shortId } from '../format.ts';

interface Props {
  transformation: AdminTransformation | null;
  onClose: () => void;
}

const STATUS_OPTIONS = TRANSFORMATION_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));

export function FixTransformationDialog({ transformation, onClose }: Props) {
  const update = useChangeTransformationStatus();
  const [status, setStatus] = useState<TransformationStatus>('completed');

  const close = (open: boolean) => {
    if (open) return;
    setStatus('completed');
    onClose();
  };

  return (
    <DialogShell
      open={transformation !== null}
      onOpenChange={close}
      content={{ className: 'max-w-md' }}
      title="Update Status"
      description={
        transformation
          ? `Transformation ${shortId(transformation.id)} · ${capitalize(transformation.style)} ${titleCase(transformation.roomType)}`
          : ''
      }
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <PendingButton
            pending={update.isPending}
            disabled={!transformation || update.isPending}
            onClick={() =>
              transformation &&
              update.mutate(
                { transformationId: transformation.id, status },
                { onSuccess: () => close(false) },
              )
            }
          >
            Update Status
          </PendingButton>
        </>
      }
    >
      {transformation?.errorMessage && (
        <p className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {transformation.errorMessage}
        </p>
      )}
      <OptionSelect
        id="fix-status"
        label="New Status"
        ariaLabel="New Status"
        options={STATUS_OPTIONS}
        value={status}
        onValueChange={setStatus}
      />
    </DialogShell>
  );
}
