import type { ReactNode } from 'react';
import { ROOM_TYPE_LABELS, STYLE_LABELS } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose } from '#client/components/ui/dialog.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { ExampleComparison } from './example-comparison.tsx';
import type { Example } from './gallery.ts';

/** Details of one example: the comparison, its facts and the page's own actions. */
export function ExampleDialog({
  example,
  onClose,
  actions,
  showQuality = false,
}: {
  example: Example | null;
  onClose: () => void;
  /** Buttons before Close (e.g. 'Try It Yourself' or a register link for visitors). */
  actions?: ReactNode;
  showQuality?: boolean;
}) {
  if (!example) return null;
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      content={{ className: 'max-h-[92vh] overflow-y-auto sm:max-w-3xl' }}
      title={example.title}
      description={example.description}
      footer={
        <>
          {actions}
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </>
      }
    >
      <ExampleComparison example={example} className="rounded-lg" />
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label="Room Type" value={ROOM_TYPE_LABELS[example.roomType]} />
        <Fact label="Style" value={STYLE_LABELS[example.style]} />
        <Fact label="Processing Time" value={example.processingTime} />
        {showQuality && <Fact label="Quality" value="Professional" />}
      </dl>
    </DialogShell>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-muted px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
