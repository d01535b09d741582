import { useState } from 'react';
import { Link } from 'wouter';
import { RefreshCw } from 'lucide-react';
import { STYLES, type Style } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { runCostText, type RunCharge } from '../run-cost.ts';
import { StylePicker } from './style-picker.tsx';

export interface RegenerateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The style just shown; the picker starts on the next one so one click on Regenerate gives a new look. */
  currentStyle: Style;
  charge: RunCharge;
  onConfirm: (style: Style) => void;
}

const nextStyle = (s: Style) => STYLES[(STYLES.indexOf(s) + 1) % STYLES.length]!;

/** "Try Different Style": the agent picks the style and sees what the run costs before it starts. */
export function RegenerateDialog(props: RegenerateDialogProps) {
  // Mounted only while open, so each opening starts the picker from the style after the current one.
  return props.open ? <OpenRegenerateDialog {...props} /> : null;
}

function OpenRegenerateDialog({ onOpenChange, currentStyle, charge, onConfirm }: RegenerateDialogProps) {
  const [style, setStyle] = useState<Style>(() => nextStyle(currentStyle));
  const cost = runCostText(charge);
  const paid = charge.kind === 'credit' || charge.kind === 'allowance';
  const blocked = charge.kind === 'blocked';
  const label =
    charge.kind === 'free'
      ? 'Regenerate for FREE'
      : charge.kind === 'credit'
        ? 'Regenerate (1 credit)'
        : 'Regenerate';
  return (
    <DialogShell
      open
      onOpenChange={onOpenChange}
      content={{ className: 'max-w-xl' }}
      title="Try a Different Style"
      description="Pick the style for the next version of this photo."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(style)} disabled={blocked}>
            <RefreshCw aria-hidden /> {label}
          </Button>
        </>
      }
    >
      <StylePicker value={style} onValueChange={setStyle} idPrefix="regen-style" />
      {cost && (
        <p
          data-testid="regenerate-cost"
          className={
            paid || blocked
              ? 'rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
              : 'rounded-lg border border-success/30 bg-success/5 px-3 py-2 text-sm'
          }
        >
          {cost}
          {blocked && (
            <>
              {' '}
              <Link href="/pricing" className="font-medium underline underline-offset-2">
                See plans and credits
              </Link>
            </>
          )}
        </p>
      )}
    </DialogShell>
  );
}
