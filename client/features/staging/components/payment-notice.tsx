import { AlertTriangle } from 'lucide-react';
import { ACCEPT_FEWER_PIECES_LABEL } from '#shared/constants/staging.ts';
import { Label } from '#client/components/ui/label.tsx';
import type { PlacementState } from '../use-placement-check.ts';

/**
 * Before payment, when the room type's main piece does not fit (or only decor will be added): the
 * plain reason, what the run costs, and the box the agent ticks to go on knowingly (decision 0110).
 */
export function PaymentNoticeBox({
  placement,
  message,
  disabled,
}: {
  placement: PlacementState;
  message: string;
  disabled: boolean;
}) {
  return (
    <div
      role="alert"
      data-testid="payment-notice"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <div id="payment-notice" className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          {message}
          {placement.price && <span className="mt-1 block">{placement.price}</span>}
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="accept-fewer-pieces"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={placement.accepted}
          disabled={disabled}
          onChange={(e) => placement.setAccepted(e.target.checked)}
        />
        <Label htmlFor="accept-fewer-pieces" className="leading-snug">
          {ACCEPT_FEWER_PIECES_LABEL}
        </Label>
      </div>
    </div>
  );
}
