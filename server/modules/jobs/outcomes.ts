import { EventEmitter } from 'node:events';
import type { AppContext } from '../../context.ts';
import { findById, type TransformationRow } from '../transformations/index.ts';

// A run settled in this process wakes its waiting request at once; a run in another process (a worker
// copy) is seen by polling the row, which is also the truth when both happen.
const settled = new EventEmitter();
settled.setMaxListeners(0);

export function notifySettled(transformationId: string): void {
  settled.emit(transformationId);
}

const POLL_MS = 250;

/**
 * Waits until the row leaves `processing`, or until `untilMs` (epoch ms) has passed; returns the row as
 * last read.
 */
export async function waitForSettled(
  ctx: AppContext,
  id: string,
  untilMs: number,
): Promise<TransformationRow | null> {
  for (;;) {
    const row = await findById(ctx.db, id);
    if (!row || row.status !== 'processing' || Date.now() >= untilMs) return row;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        settled.off(id, done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(POLL_MS, Math.max(1, untilMs - Date.now())));
      settled.on(id, done);
    });
  }
}
