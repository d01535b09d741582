// A waiting job's place in the staging queue, counted from the transformation rows (the priority
// each job was sent with is stored on its row) instead of pg-boss's private tables (decision 0196).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';

/** Records the priority a job is being sent with; a resend overwrites it (a fresh place in line). */
export async function markQueued(db: DbOrTx, id: string, priority: number): Promise<void> {
  await db
    .update(transformations)
    .set({ queuePriority: priority, queuedAt: sql`now()` })
    .where(eq(transformations.id, id));
}

/**
 * Rows waiting ahead of this one in the order workers take jobs (priority highest first, then the
 * time it was sent, then id) and rows claimed by a run and not yet settled. Null when the row is not
 * waiting: settled, claimed by a run (claimRun sets started_at), or never sent.
 */
export async function queuePlace(db: DbOrTx, id: string): Promise<{ ahead: number; running: number } | null> {
  const result = await db.execute(sql`
    select (select count(*) from transformations t
             where t.status = 'processing' and t.started_at is null and t.queue_priority is not null
               and (t.queue_priority > me.queue_priority
                    or (t.queue_priority = me.queue_priority and (t.queued_at, t.id) < (me.queued_at, me.id))))::int as ahead,
           (select count(*) from transformations t
             where t.status = 'processing' and t.started_at is not null)::int as running
      from transformations me
     where me.id = ${id} and me.status = 'processing' and me.started_at is null
       and me.queue_priority is not null`);
  const row = (result as { rows: { ahead: number | string; running: number | string }[] }).rows[0];
  return row ? { ahead: Number(row.ahead), running: Number(row.running) } : null;
}
