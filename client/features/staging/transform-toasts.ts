// Which toast a transform failure shows, per page. Pure, so it is unit-tested.
import {
  FEWER_PIECES_REFUNDED_MESSAGE,
  ROOM_TYPE_LABELS,
  STYLE_LABELS,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import { ApiError } from '#client/lib/api.ts';

export type StagingPage = 'home' | 'dashboard';

export interface TransformErrorToast {
  title: string;
  description: string;
  /** Go to /login after 1.5 s. */
  redirectToLogin: boolean;
}

export function transformErrorToast(message: string, page: StagingPage): TransformErrorToast {
  if (/401|Unauthorized/.test(message)) {
    return {
      title: 'Sign In Required',
      description: 'Please sign in to transform rooms. Redirecting...',
      redirectToLogin: true,
    };
  }
  if (page === 'dashboard' && message.includes('Insufficient credits')) {
    return {
      title: 'Insufficient Credits',
      description:
        "You don't have enough credits for this transformation. Purchase more credits to continue.",
      redirectToLogin: false,
    };
  }
  if (/403|Usage limit exceeded/.test(message)) {
    return {
      title: 'Usage Limit Reached',
      description: 'Upgrade your plan to transform more rooms this month.',
      redirectToLogin: false,
    };
  }
  return { title: 'Transformation Failed', description: message, redirectToLogin: false };
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
export const REFUNDED_TOAST = { title: 'Not charged', description: FEWER_PIECES_REFUNDED_MESSAGE };
