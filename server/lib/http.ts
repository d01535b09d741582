import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';
import { JSON_ONLY } from './request-guards.ts';
import type { StoredObject } from './storage/index.ts';

/**
 * Parses a JSON body with a shared schema; a missing or malformed body is a 400 with the schema's
 * message, a body of another type a 415 (the app's jsonOnly guard refuses most earlier).
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== undefined && type !== 'application/json')
    throw new AppError('unsupported_media_type', JSON_ONLY);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Request body must be JSON');
  }
  return parseWith(schema, body);
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : undefined;
    throw new AppError('invalid_input', issue?.message ?? 'Invalid request', {}, field);
  }
  return result.data;
}

/** A file name safe for Content-Disposition: letters, digits, dot, dash, underscore. */
export function cleanFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return cleaned.slice(0, 120) || 'image';
}

/** Sends a stored image to its owner: never sniffed, never cached by shared caches. */
export function imageResponse(c: Context, obj: StoredObject, fileName: string): Response {
  return c.body(new Uint8Array(obj.body), 200, {
    'Content-Type': obj.contentType,
    'Content-Length': String(obj.body.length),
    'Content-Disposition': `inline; filename="${cleanFileName(fileName)}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  });
}
