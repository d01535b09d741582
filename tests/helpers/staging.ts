import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { applyCreditChange } from '#server/modules/credits/index.ts';
import type { TestContext } from './context.ts';

export const FIXTURES = path.resolve(fromRoot(), '../shared/fixtures/rooms');
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** A fixture scaled down (and re-encoded) so the engine runs in a fraction of a second. */
export async function smallFixture(name: string, width = 480): Promise<Buffer> {
  return sharp(fixture(name)).resize({ width }).jpeg({ quality: 85 }).toBuffer();
}

/** A multipart upload as the browser sends it, with the CSRF header and an optional session cookie. */
export function upload(
  t: TestContext,
  urlPath: string,
  image: Uint8Array | null,
  opts: {
    cookie?: string | undefined;
    fields?: Record<string, string>;
    fileName?: string;
    type?: string;
  } = {},
) {
  const form = new FormData();
  if (image)
    form.append(
      'image',
      new Blob([new Uint8Array(image)], { type: opts.type ?? 'image/jpeg' }),
      opts.fileName ?? 'room.jpg',
    );
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  const headers: Record<string, string> = { 'X-Requested-With': 'roomstage' };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return t.app.request(urlPath, { method: 'POST', body: form, headers });
}

/** Sets usage and grants credits through the ledger, so the ledger still sums to the balance. */
export async function setAccount(
  t: TestContext,
  userId: string,
  a: { monthlyUsage?: number; credits?: number; plan?: string; resetInDays?: number },
) {
  await t.ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(a.monthlyUsage !== undefined ? { monthlyUsage: a.monthlyUsage } : {}),
        ...(a.plan ? { subscriptionPlan: a.plan } : {}),
        usageResetDate: new Date(t.ctx.clock().getTime() + (a.resetInDays ?? 20) * 86_400_000),
      })
      .where(and(eq(users.id, userId)));
    if (a.credits) {
      await applyCreditChange(tx, {
        userId,
        delta: a.credits,
        reason: 'test grant',
        source: 'test',
        sourceId: crypto.randomUUID(),
      });
    }
  });
}
