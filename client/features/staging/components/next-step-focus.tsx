import { useEffect, useRef } from 'react';

export interface NextStepFocusProps {
  /** The photo on screen; null clears the announcement. */
  file: File | null;
  /** Identification of the photo is still running (the options are disabled meanwhile). */
  checking: boolean;
  /** False once identification judged the photo unsuitable. */
  isSuitable: boolean;
  /** A room type came back from identification (or from the agent's saved work): Transform is next. */
  roomTypeKnown: boolean;
  /** Out of allowance and credits: no options card, nothing to focus. */
  blocked: boolean;
}

/** The controls this moves focus to, marked where they are rendered. */
export const NEXT_STEP = { attr: 'data-next-step', transform: 'transform', remove: 'remove' } as const;
const ROOM_TYPE_TRIGGER = 'room-type';

/**
 * Focus follows the work (issue 34): choosing a photo removes the Choose File button with the drop zone,
 * so focus would drop to <body> and the next Tab would start at the top of the page. Once the photo is
 * checked, focus goes to the control that now needs the agent (the room type when none was recognised,
 * else Transform; Remove for an unsuitable photo) and a polite live region says what happened. Focus is
 * moved only if it is still lost: an agent who has tabbed somewhere meanwhile is not pulled back.
 */
type Step = { message: string; target: () => Element | null };

/** What the agent is told and which control needs them, from the flow's state. */
function nextStep({ file, checking, isSuitable, roomTypeKnown, blocked }: NextStepFocusProps): Step | null {
  const marked = (value: string) => () => document.querySelector(`[${NEXT_STEP.attr}="${value}"]`);
  if (!file) return null;
  if (checking) return { message: `${file.name} chosen. Checking the photo…`, target: () => null };
  if (blocked)
    return {
      message: 'Photo checked. You have no transformations left: see plans and credits.',
      target: () => null,
    };
  if (!isSuitable)
    return {
      message: 'This photo is not suitable for staging. Remove it and choose another.',
      target: marked(NEXT_STEP.remove),
    };
  if (roomTypeKnown)
    return {
      message: 'Photo checked. Choose a style if you like, then Transform Room.',
      target: marked(NEXT_STEP.transform),
    };
  return {
    message: 'Photo checked. Choose the room type, then Transform Room.',
    target: () => document.getElementById(ROOM_TYPE_TRIGGER),
  };
}

/**
 * Focus follows the work (issue 34): choosing a photo removes the Choose File button with the drop zone,
 * so focus would drop to <body> and the next Tab would start at the top of the page. Once the photo is
 * checked, focus goes to the control that now needs the agent (the room type when none was recognised,
 * else Transform; Remove for an unsuitable photo) and a polite live region says what happened. Focus is
 * moved only if it is still lost: an agent who has tabbed somewhere meanwhile is not pulled back.
 */
export function NextStepFocus(props: NextStepFocusProps) {
  const step = nextStep(props);
  const handled = useRef<File | null>(null);
  const { file, checking } = props;
  useEffect(() => {
    if (!file) handled.current = null;
    if (!file || checking || handled.current === file || !step) return;
    handled.current = file;
    const target = step.target();
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && target instanceof HTMLElement) target.focus();
  });
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="next-step-status">
      {step?.message ?? ''}
    </p>
  );
}
