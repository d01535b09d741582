import { useEffect, useRef } from 'react';

export interface BatchNextStepProps {
  /** Photos in the batch; 0 clears the announcement. */
  count: number;
  /** The photos are still being checked (the options wait meanwhile). */
  checking: boolean;
  /** Photos still needing a room type. */
  missingRoomType: number;
}

/** The controls this moves focus to, marked where they are rendered. */
export const BATCH_NEXT_STEP = { attr: 'data-batch-next-step', start: 'start', zone: 'zone' } as const;

const photos = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

function message({ count, checking, missingRoomType }: BatchNextStepProps): string {
  if (count === 0) return '';
  if (checking) return `${photos(count)} chosen. Checking the photos…`;
  if (missingRoomType > 0) return `${photos(count)} checked. Choose a room type, then start staging.`;
  return `${photos(count)} checked. Start staging when ready.`;
}

/**
 * Focus follows the work in a batch (issue 34): once the photos just chosen are checked, focus leaves the
 * drop zone for the control that now needs the agent (the room type choice when some photo has none,
 * else the Stage button) and a polite status says so. Focus the agent moved elsewhere is left alone.
 */
export function BatchNextStep(props: BatchNextStepProps) {
  const handled = useRef(0);
  const { count, checking, missingRoomType } = props;
  useEffect(() => {
    if (count === 0) handled.current = 0;
    if (count === 0 || checking || handled.current === count) return;
    handled.current = count;
    const active = document.activeElement;
    const lost =
      !active ||
      active === document.body ||
      active.getAttribute(BATCH_NEXT_STEP.attr) === BATCH_NEXT_STEP.zone;
    if (!lost) return;
    const target =
      missingRoomType > 0
        ? document.getElementById('batch-room')
        : document.querySelector(`[${BATCH_NEXT_STEP.attr}="${BATCH_NEXT_STEP.start}"]`);
    if (target instanceof HTMLElement && !target.matches(':disabled')) target.focus();
  });
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="batch-next-step-status">
      {message(props)}
    </p>
  );
}
