import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { TRANSFORMATION_STATUSES, type TransformationStatus } from '#shared/schemas/staging.ts';
import type { AdminTransformation } from '#shared/schemas/admin.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { useChangeTransformationStatus } from '../api/mutations.ts';
import { titleCase } from '#client/lib/format.ts';
import { capitalize, shortId } from '../format.ts';

interface Props {
  transformation: AdminTransformation | null;
  onClose: () => void;
}

export function FixTransformationDialog({ transformation, onClose }: Props) {
  const update = useChangeTransformationStatus();
  const [status, setStatus] = useState<TransformationStatus>('completed');

  const close = (open: boolean) => {
    if (open) return;
    setStatus('completed');
    onClose();
  };

  return (
    <Dialog open={transformation !== null} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Update Status</DialogTitle>
          <DialogDescription>
            {transformation
              ? `Transformation ${shortId(transformation.id)} · ${capitalize(transformation.style)} ${titleCase(transformation.roomType)}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {transformation?.errorMessage && (
          <p className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
            {transformation.errorMessage}
          </p>
        )}
        <div className="grid gap-2">
          <Label htmlFor="fix-status">New Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as TransformationStatus)}>
            <SelectTrigger id="fix-status" aria-label="New Status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TRANSFORMATION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {capitalize(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!transformation || update.isPending}
            onClick={() =>
              transformation &&
              update.mutate(
                { transformationId: transformation.id, status },
                { onSuccess: () => close(false) },
              )
            }
          >
            {update.isPending && <Loader2 className="animate-spin" aria-hidden />} Update Status
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
