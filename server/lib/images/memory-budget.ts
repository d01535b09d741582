// How much memory a worker needs for one image, from the pixel count its header declares. A worker
// thread runs one task at a time, so refusing any task over the per-worker budget (WORKER_MEMORY_MB)
// bounds the pool at workers x budget: an upload fails cleanly with a clear message instead of the
// process growing until the machine swaps or the kernel kills it.
//
// Measured peak RSS growth of one task with the local engine (decode + engine + encode), JPEG input:
//   prepare/identify: 4 MP 38 MB, 12 MP 110 MB, 40 MP 371 MB   (about 9.3 bytes per pixel)
//   stage:            1 MP 137 MB, 4 MP 179 MB, 12 MP 424 MB, 24 MP 507 MB
// The estimates below are upper bounds of those figures (a fixed part for the engine's own state plus
// a per-pixel part), so a task that passes stays within its budget.

export type ImageTask = 'prepare' | 'identify' | 'stage';

const MB = 1024 * 1024;
const ESTIMATE: Record<ImageTask, { fixed: number; perPixel: number }> = {
  prepare: { fixed: 16 * MB, perPixel: 10 },
  identify: { fixed: 16 * MB, perPixel: 10 },
  stage: { fixed: 160 * MB, perPixel: 24 },
};

export function estimateTaskBytes(task: ImageTask, pixels: number): number {
  const e = ESTIMATE[task];
  return e.fixed + e.perPixel * pixels;
}

/** The largest image (in pixels) a task may have within a budget of `budgetBytes`. */
export function maxPixelsWithin(task: ImageTask, budgetBytes: number): number {
  const e = ESTIMATE[task];
  return Math.max(0, Math.floor((budgetBytes - e.fixed) / e.perPixel));
}
