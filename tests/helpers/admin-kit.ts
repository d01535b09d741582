// Shared by the admin test files (not a test itself): accounts, seeded rows and audit reads.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLogs, transformations } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, type Account } from '#tests/helpers/auth.ts';

export const ADMIN_EMAIL = 'boss@example.com';

export interface AdminKit {
  t: TestContext;
  admin: Account & { cookie: string };
  user: Account & { cookie: string };
}

/** A fresh app with one admin (through ADMIN_EMAILS at registration) and one normal user, both signed in. */
export async function createAdminKit(): Promise<AdminKit> {
  const t = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  const admin = await createVerifiedAccount(t, ADMIN_EMAIL);
  const user = await createVerifiedAccount(t);
  return {
    t,
    admin: { ...admin, cookie: await signIn(t, admin) },
    user: { ...user, cookie: await signIn(t, user) },
  };
}

/**
 * One kit for the whole test file: created before its tests and closed after them. The object is filled
 * in place by the first beforeAll, so read its fields in tests and later hooks, not at load time.
 */
export function useAdminKit(): AdminKit {
  const k = {} as AdminKit;
  beforeAll(async () => void Object.assign(k, await createAdminKit()));
  afterAll(async () => ('t' in k ? k.t.close() : undefined));
  return k;
}

export const adminApi = (
  t: TestContext,
  cookie: string,
  method: string,
  path: string,
  body?: Record<string, unknown>,
) => api(t, method, path, { cookie, ...(body !== undefined ? { body } : {}) });

/** A transformation row written directly, so lists and stats can be checked against known counts. */
export async function insertTransformation(
  t: TestContext,
  userId: string,
  status: string,
  createdAt = new Date(),
) {
  const [row] = await t.ctx.db
    .insert(transformations)
    .values({
      userId,
      style: 'modern',
      roomType: 'bedroom',
      status,
      createdAt,
      errorMessage: status === 'failed' ? 'Engine timed out' : null,
    })
    .returning({ id: transformations.id });
  return row!.id;
}

export const auditRows = (t: TestContext) =>
  t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.createdAt));
export const auditRowById = async (t: TestContext, id: string) =>
  (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.id, id)))[0] ?? null;
