// A staging run silent (no heartbeat) for this long is dead: recovery runs it again, and the admin
// console counts it as stuck. One figure for both, here because admin and jobs both read it and admin
// must not import jobs (jobs writes admin's audit log; decision 0197).
export const STALE_AFTER_MS = 10_000;
