// Light on purpose: the main thread reads this without loading the worker's task code (and its sharp
// settings).

/** The abort reason when a job's deadline passes inside the worker; the job maps it to its timeout. */
export const DEADLINE_MESSAGE = 'Staging took too long and was stopped.';
