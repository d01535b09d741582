// Which toast a transform failure shows, per page. Pure, so it is unit-tested.
import {
  FEWER_PIECES_REFUNDED_MESSAGE,
  ROOM_TYPE_LABELS,
  STYLE_LABELS,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import { ApiError, errorCodeOf } from '#client/lib/api.ts';

export type StagingPage = 'home' | 'dashboard';

export interface TransformErrorToast {
  title: string;
  description: string;
  /** Go to /login after 1.5 s. */
  redirectToLogin: boolean;
}

/** Decided on the server's code (never its wording); a failure without one shows its message. */
export function transformErrorToast(err: Error, page: StagingPage): TransformErrorToast {
  const code = errorCodeOf(err);
  if (code === 'unauthorized') {
    return {
      title: 'Sign In Required',
      description: 'Please sign in to transform rooms. Redirecting...',
      redirectToLogin: true,
    };
  }
  if (page === 'dashboard' && code === 'usage_limit_exceeded') {
    return {
      title: 'Insufficient Credits',
      description:
        "You don't have enough credits for this transformation. Purchase more credits to continue.",
      redirectToLogin: false,
    };
  }
  if (code === 'usage_limit_exceeded') {
    return {
      title: 'Usage Limit Reached',
      description: 'Upgrade your plan to transform more rooms this month.',
      redirectToLogin: false,
    };
  }
  return { title: 'Transformation Failed', description: err.message, redirectToLogin: false };
}

export const transformSuccessToast = (style: Style, seconds: number, isRegeneration = false) => ({
  title: isRegeneration ? 'Room Regenerated!' : 'Room Transformed!',
  description: `Your ${STYLE_LABELS[style].toLowerCase()} room design is ready in ${seconds.toFixed(1)}s`,
});

/** The identify toast; without a detected type the user's choice stands and nothing is claimed. */
export const identifiedToast = (roomType: RoomType | null) => ({
  title: 'Room identified!',
  description: roomType
    ? `Detected: ${ROOM_TYPE_LABELS[roomType]} - Ready for staging!`
    : 'Ready for staging!',
});

/** Spec: a failed identification shows a toast only when the server said why (and not the generic text). */
export const shouldToastUnsuitable = (message: string | undefined) =>
  !!message && message !== 'Failed to analyze image';

/** Identify answers that say nothing about the photo (rate limit, server trouble, offline): not "unsuitable". */
export const isCheckUnavailable = (err: Error) =>
  !(err instanceof ApiError) || err.status === 429 || err.status >= 500;

export const RESTORED_TOAST = {
  title: 'Your photo is back',
  description: 'We kept your photo and choices while you signed in. Click Transform Room when you are ready.',
};

/** A run that placed fewer pieces than the room type needs, not accepted: refunded (decision 0110). */
/**
 * The toast of a finished run: one toast (the toaster shows one at a time), whose words say when the
 * run was refunded for placing fewer pieces than the room type needs (decision 0110).
 */
export const transformDoneToast = (
  r: { style: Style; processingTime: number; isRegeneration: boolean; refundedFewerPieces?: boolean },
  page: StagingPage,
) => {
  const done = transformSuccessToast(r.style, r.processingTime, page === 'dashboard' && r.isRegeneration);
  return r.refundedFewerPieces ? { title: done.title, description: FEWER_PIECES_REFUNDED_MESSAGE } : done;
};
