// The one fetch helper: cookies always, the CSRF header on every call, errors as the server's
// { code, message }.
// Every JSON answer is checked against its schema in shared/schemas before a screen sees it.
import type { z } from 'zod';
import type { ErrorCode } from '#shared/constants/error-codes.ts';
import { errorBodySchema } from '#shared/schemas/common.ts';

export const CSRF_HEADER = { 'X-Requested-With': 'roomstage' } as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's code (shared/constants/error-codes.ts): what the client decides on, never the wording. */
    readonly code: ErrorCode | null = null,
    /** The form field at fault, when the server named one. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * An error answer as the client reads it: the server's `{ code, message, field }` when the body is one;
 * otherwise no code and "status: text" (or "status: statusText" when the body is empty) as the message.
 */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = (await res.text().catch(() => '')) || '';
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: fall through
  }
  const body = errorBodySchema.safeParse(parsed);
  if (body.success)
    return new ApiError(res.status, body.data.message, body.data.code, body.data.field ?? null);
  const message = (parsed as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return new ApiError(res.status, message);
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}

/** The message rule of apiErrorFrom, for callers that only show text. */
export const errorMessageFrom = async (res: Response) => (await apiErrorFrom(res)).message;

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await apiErrorFrom(res);
}

/** The code of a failed call, or null (a network failure, or an answer without a listed code). */
export const errorCodeOf = (err: unknown): ErrorCode | null => (err instanceof ApiError ? err.code : null);

/** JSON bodies are sent as JSON; FormData (multipart uploads) is sent as-is. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      ...CSRF_HEADER,
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * The answer was not the shape its shared schema describes: the server and the client disagree, which
 * is a bug on our side. Said plainly, with the first few fields that differ, instead of a crash later on.
 */
export class ResponseShapeError extends Error {
  constructor(
    readonly request: string,
    readonly issues: string[],
  ) {
    super(`Unexpected response from ${request}: ${issues.join('; ')}`);
    this.name = 'ResponseShapeError';
  }
}

/** `data` as `schema` reads it, or a ResponseShapeError naming the request and the fields that differ. */
export function parseResponse<S extends z.ZodType>(schema: S, request: string, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`);
  throw new ResponseShapeError(request, issues);
}

/** One call whose JSON answer is parsed with `schema` (from shared/schemas). */
export async function apiParsed<S extends z.ZodType>(
  schema: S,
  method: string,
  url: string,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await apiRequest(method, url, body);
  return parseResponse(schema, `${method} ${url}`, await res.json());
}

/** A TanStack Query function: GET `url`, parsed with `schema`. */
export const getParsed =
  <S extends z.ZodType>(schema: S, url: string) =>
  (): Promise<z.output<S>> =>
    apiParsed(schema, 'GET', url);
