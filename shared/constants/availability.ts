// What a request hears when the database went away under it (decision 0120). The client shows the
// message as it shows any `{ message }`; Retry-After tells it (and any proxy) when to try again.

export const DATABASE_UNAVAILABLE_MESSAGE =
  'We could not reach our database just now, and nothing was changed. Please try again in a few seconds.';
/** Seconds: a restarted PostgreSQL or a re-established connection usually answers well within this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
