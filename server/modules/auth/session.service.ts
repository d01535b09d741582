import type { DbOrTx } from '../../db/client.ts';
import type { SessionUserRow } from './auth.repo.ts';
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  setSessionExpire,
  type SessionData,
} from './session.repo.ts';
import { isWellFormedToken, newToken, sha256Hex } from './tokens.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A session unused this long ends. */
export const SESSION_IDLE_MS = 7 * DAY;
/** No session lives longer than this, however active. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** The idle deadline is pushed forward at most this often, so active users cost one write an hour. */
export const SESSION_REFRESH_MS = HOUR;

export interface NewSession {
  /** Goes into the cookie; never stored. */
  token: string;
  /** When the cookie should expire at the latest (the absolute limit). */
  maxAgeSeconds: number;
}

/** Always a fresh random id: a session id known before sign-in is never promoted (no fixation). */
export async function createSession(db: DbOrTx, userId: string, now: Date): Promise<NewSession> {
  const token = newToken();
  const data: SessionData = { userId, createdAt: now.toISOString() };
  await insertSession(db, sha256Hex(token), data, new Date(now.getTime() + SESSION_IDLE_MS));
  return { token, maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 };
}

export interface ResolvedSession {
  sid: string;
  user: SessionUserRow;
}

/**
 * The signed-in user for a cookie token, or null. Ends sessions past the idle or absolute limit, and
 * ignores (without ending) sessions of users who are deactivated or set inactive.
 */
export async function resolveSession(db: DbOrTx, token: string, now: Date): Promise<ResolvedSession | null> {
  if (!isWellFormedToken(token)) return null;
  const sid = sha256Hex(token);
  const row = await findSessionWithUser(db, sid);
  if (!row) return null;
  const createdAt = Date.parse((row.sess as Partial<SessionData>).createdAt ?? '');
  const absoluteEnd = Number.isFinite(createdAt) ? createdAt + SESSION_ABSOLUTE_MS : 0;
  if (row.expire.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await deleteSession(db, sid);
    return null;
  }
  const lastRefresh = row.expire.getTime() - SESSION_IDLE_MS;
  if (now.getTime() - lastRefresh >= SESSION_REFRESH_MS) {
    await setSessionExpire(db, sid, new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd)));
  }
  if (!row.user.isActive || row.user.deactivatedAt) return null;
  return { sid, user: row.user };
}

/** Logout: the row goes, so the cookie is worthless even if it was copied. */
export async function destroySession(db: DbOrTx, token: string): Promise<void> {
  if (isWellFormedToken(token)) await deleteSession(db, sha256Hex(token));
}

/**
 * Signs a user out everywhere. Called on password reset, self-deactivation and when an admin sets a
 * user inactive.
 */
export async function endAllSessions(db: DbOrTx, userId: string): Promise<number> {
  return deleteUserSessions(db, userId);
}
