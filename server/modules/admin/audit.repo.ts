import { desc } from 'drizzle-orm';
import type { AuditAction } from '#shared/schemas/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';
import { afterCursor, cursorTs } from '../../lib/cursor.repo.ts';
import { toPage, type PageQuery } from '../../lib/cursor.ts';

export interface NewAuditRow {
  /** Given by the caller when something else must reference it (a credit grant's ledger source id). */
  id?: string;
  /** Null for entries the server writes itself (engine health). */
  adminUserId: string | null;
  action: AuditAction;
  targetUserId?: string | null;
  targetResourceId?: string | null;
  details: { before: Record<string, unknown>; after: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * Append-only: nothing updates or deletes audit rows. Call inside the mutation's transaction. The time
 * is the database's (microseconds), not the injectable clock, so the log orders exactly as it happened.
 */
export async function insertAudit(tx: DbOrTx, row: NewAuditRow): Promise<string> {
  const [inserted] = await tx.insert(auditLogs).values(row).returning({ id: auditLogs.id });
  if (!inserted) throw new Error('audit insert returned no row');
  return inserted.id;
}

export async function listAudit(db: DbOrTx, q: PageQuery) {
  const rows = await db
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      adminUserId: auditLogs.adminUserId,
      action: auditLogs.action,
      targetUserId: auditLogs.targetUserId,
      targetResourceId: auditLogs.targetResourceId,
      details: auditLogs.details,
      cursorTs: cursorTs(auditLogs.createdAt),
    })
    .from(auditLogs)
    .where(q.after ? afterCursor(auditLogs.createdAt, auditLogs.id, q.after) : undefined)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit);
}
