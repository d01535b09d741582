// How long a staging job still has to go, as the status endpoint reports it (queue position and
// estimated seconds), in words for the progress displays.
import type { JobStatus } from '#shared/schemas/jobs.ts';

/** "about 20 seconds", "about 2 minutes"; rounded the way people say it. */
export function waitText(seconds: number): string {
  if (seconds < 10) return 'a few seconds';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} seconds`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** One line for a job that has not settled; null once it has (or with nothing to say). */
export function queueStatusText(
  s: Pick<JobStatus, 'state' | 'queuePosition' | 'estimatedWaitSeconds'>,
): string | null {
  const wait = s.estimatedWaitSeconds === null ? '' : ` · ready in ${waitText(s.estimatedWaitSeconds)}`;
  if (s.state === 'queued') {
    const place =
      s.queuePosition === null
        ? 'Waiting in the queue'
        : s.queuePosition === 1
          ? 'Next in the queue'
          : `${ordinal(s.queuePosition)} in the queue`;
    return `${place}${wait}`;
  }
  if (s.state === 'running') return `Staging now${wait}`;
  return null;
}
