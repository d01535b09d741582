// The health module has no public functions: nothing else calls it, and its routes are mounted from
// server/app.ts, the composition root (decision 0197).
export {};
