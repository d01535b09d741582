import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * A button whose action is running: the spinner stands in for its icon and `pendingLabel` (when there
 * is one) for its label. Disabling stays with the caller, since some buttons are disabled for more than
 * the pending call and some stay clickable while it runs.
 */
export function PendingButton({
  pending,
  icon,
  pendingLabel,
  children,
  ...props
}: ButtonProps & { pending: boolean; icon?: ReactNode; pendingLabel?: ReactNode }) {
  return (
    <Button aria-busy={pending || undefined} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
