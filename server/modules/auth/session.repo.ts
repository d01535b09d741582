import { eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { SESSION_USER_COLUMNS } from './auth.repo.ts';

/** What we keep in `session.sess`. */
export interface SessionData {
  userId: string;
  /** ISO 8601; the absolute lifetime counts from here. */
  createdAt: string;
}

export async function insertSession(db: DbOrTx, sid: string, data: SessionData, expire: Date): Promise<void> {
  await db.insert(sessions).values({ sid, sess: data, expire, userId: data.userId });
}

export async function findSessionWithUser(db: DbOrTx, sid: string) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire, user: SESSION_USER_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sid))
    .limit(1);
  return rows[0] ?? null;
}

export async function setSessionExpire(db: DbOrTx, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<number> {
  return (await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid }))
    .length;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  return (await db.delete(sessions).where(lte(sessions.expire, now)).returning({ sid: sessions.sid })).length;
}
