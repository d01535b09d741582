import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings, AppContext } from '../../context.ts';
import { cleanFileName, parseWith } from '../../lib/http.ts';
import { requireUser } from '../auth/index.ts';
import { readBatchUpload } from './batch-upload.ts';
import { batchZip } from './batch-zip.ts';
import { createBatch, getBatch } from './batches.service.ts';

const idSchema = z.uuid({ error: 'Invalid batch id' });

export function batchesRoutes(ctx: AppContext) {
  return (
    new Hono<AppBindings>()
      .post('/batches', async (c) => {
        const user = requireUser(c);
        const { photos, fields, dispose } = await readBatchUpload(c);
        try {
          return c.json(await createBatch(ctx, user.id, photos, fields), 202);
        } finally {
          await dispose();
        }
      })
      .get('/batches/:id', async (c) =>
        c.json(await getBatch(ctx, requireUser(c).id, parseWith(idSchema, c.req.param('id')))),
      )
      // Every finished result as one ZIP, streamed (no Content-Length: it is written as it is sent).
      .get('/batches/:id/download', async (c) => {
        const zip = await batchZip(ctx, requireUser(c).id, parseWith(idSchema, c.req.param('id')));
        return c.body(zip.body, 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${cleanFileName(zip.fileName)}"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        });
      })
  );
}
