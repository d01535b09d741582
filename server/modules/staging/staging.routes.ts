import { Hono } from 'hono';
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
  return (
    new Hono<AppBindings>()
      // Public like the options card that uses it: which choices the configured engine can honour.
      .get('/engine', (c) => c.json(staging.engineInfo(ctx)))
      .post('/identify-room', async (c) => {
        const release = await admit.check(ctx, 'identify', {
          userId: c.get('user')?.id ?? null,
          ip: clientIp(c, ctx.env),
        });
        try {
          const { bytes } = await readUpload(c);
          await checkImageHeader(ctx, bytes, 'identify');
          return c.json(await staging.identify(ctx, bytes));
        } finally {
          release();
        }
      })
      // Not in the spec (decision 0110): the check before payment, counted and admitted like identify,
      // whose budget it would break if it rode along (the layout needs the full room analysis).
      .post('/placement-check', async (c) => {
        const release = await admit.check(ctx, 'identify', {
          userId: c.get('user')?.id ?? null,
          ip: clientIp(c, ctx.env),
        });
        try {
          const { bytes, fields } = await readUpload(c);
          const req = parseWith(placementCheckFieldsSchema, fields);
          await checkImageHeader(ctx, bytes, 'stage');
          return c.json(await staging.placementCheck(ctx, bytes, req));
        } finally {
          release();
        }
      })
      // Decision 0213: the automatic furniture area of a masked engine, shown before the agent paints.
      // The same floor analysis as placement-check, so the same admission and budget.
      .post('/furnish-area', async (c) => {
        const release = await admit.check(ctx, 'identify', {
          userId: c.get('user')?.id ?? null,
          ip: clientIp(c, ctx.env),
        });
        try {
          const { bytes, fields } = await readUpload(c);
          const req = parseWith(automaticAreaFieldsSchema, fields);
          await checkImageHeader(ctx, bytes, 'stage');
          return c.json(await staging.automaticFurnishArea(ctx, bytes, req));
        } finally {
          release();
        }
      })
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
          const { bytes, fields } = await readUpload(c);
          const req = parseWith(transformFieldsSchema, fields);
          await checkImageHeader(ctx, bytes, 'stage');
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
