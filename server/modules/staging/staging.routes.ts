import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  automaticAreaFieldsSchema,
  placementCheckFieldsSchema,
  transformFieldsSchema,
} from '#shared/schemas/staging.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { parseWith } from '../../lib/http.ts';
import { clientIp, requireUser } from '../auth/index.ts';
import * as staging from './staging.service.ts';
import { assertMightPay, checkImageHeader, createAdmission } from './transform-prechecks.ts';
import { readUpload } from './upload.ts';

export function stagingRoutes(ctx: AppContext) {
  const admit = createAdmission();

  /** Runs `answer` holding a slot of the room analysis (identify, placement check, furnish area), signed in or not. */
  const withAnalysisSlot = async (c: Context<AppBindings>, answer: () => Promise<Response>) => {
    const release = await admit.check(ctx, 'identify', {
      userId: c.get('user')?.id ?? null,
      ip: clientIp(c, ctx.env),
    });
    try {
      return await answer();
    } finally {
      release();
    }
  };

  /** The photo and its form fields parsed by `schema`, the photo's header checked as one to stage. */
  const readStagingUpload = async <T extends z.ZodType>(c: Context, schema: T) => {
    const { bytes, fields } = await readUpload(c);
    const req = parseWith(schema, fields);
    await checkImageHeader(ctx, bytes, 'stage');
    return { bytes, req };
  };

  return (
    new Hono<AppBindings>()
      // Public like the options card that uses it: which choices the configured engine can honour.
      .get('/engine', (c) => c.json(staging.engineInfo(ctx)))
      .post('/identify-room', (c) =>
        withAnalysisSlot(c, async () => {
          const { bytes } = await readUpload(c);
          await checkImageHeader(ctx, bytes, 'identify');
          return c.json(await staging.identify(ctx, bytes));
        }),
      )
      // Not in the spec (decision 0110): the check before payment, counted and admitted like identify,
      // whose budget it would break if it rode along (the layout needs the full room analysis).
      .post('/placement-check', (c) =>
        withAnalysisSlot(c, async () => {
          const { bytes, req } = await readStagingUpload(c, placementCheckFieldsSchema);
          return c.json(await staging.placementCheck(ctx, bytes, req));
        }),
      )
      // Decision 0213: the automatic furniture area of a masked engine, shown before the agent paints.
      // The same floor analysis as placement-check, so the same admission and budget.
      .post('/furnish-area', (c) =>
        withAnalysisSlot(c, async () => {
          const { bytes, req } = await readStagingUpload(c, automaticAreaFieldsSchema);
          return c.json(await staging.automaticFurnishArea(ctx, bytes, req));
        }),
      )
      .post('/check-existing-transformations', async (c) => {
        const user = requireUser(c);
        const release = await admit.check(ctx, 'check', { userId: user.id, ip: clientIp(c, ctx.env) });
        try {
          const { bytes } = await readUpload(c);
          await checkImageHeader(ctx, bytes, 'prepare');
          return c.json(await staging.checkExisting(ctx, user.id, bytes));
        } finally {
          release();
        }
      })
      .post('/transform-room', async (c) => {
        const user = requireUser(c);
        const release = await admit.transform(ctx, user.id);
        try {
          await assertMightPay(ctx, user.id);
          const { bytes, req } = await readStagingUpload(c, transformFieldsSchema);
          const result = await staging.transform(ctx, user.id, bytes, req);
          c.header(
            'Server-Timing',
            `engine;dur=${result.timings.engineMs.toFixed(1)}, total;dur=${result.timings.totalMs.toFixed(1)}`,
          );
          const { timings: _t, ...body } = result;
          return c.json(body);
        } finally {
          release();
        }
      })
  );
}
