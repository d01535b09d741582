// The user-facing provider messages are shared by every remote engine, so a user reads the same
// sentence whichever provider the operator picked.
export {
  BUSY_MESSAGE,
  DOWN_MESSAGE,
  TIMEOUT_MESSAGE,
  CANCELLED_MESSAGE,
  UNREACHABLE_MESSAGE,
  MISCONFIGURED_MESSAGE,
  SAFETY_MESSAGE,
  NO_IMAGE_MESSAGE,
  BAD_IMAGE_MESSAGE,
  BAD_ANSWER_MESSAGE,
} from '#server/engines/gemini/provider-errors.ts';
