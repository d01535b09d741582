// The one fetch helper: cookies always, the CSRF header on every call, errors as the server's { message }.
// Every JSON answer is checked against its schema in shared/schemas before a screen sees it.
import type { z } from 'zod';

export const CSRF_HEADER = { 'X-Requested-With': 'roomstage' } as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The error message rule: the server's `message` field when the body is JSON with one; otherwise
 * "status: text" (or "status: statusText" when the body is empty).
 */
export async function errorMessageFrom(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')) || '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { message?: unknown }).message === 'string'
    ) {
      return (parsed as { message: string }).message;
    }
  } catch {
    // not JSON: fall through
  }
  return `${res.status}: ${text || res.statusText}`;
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await errorMessageFrom(res));
}

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
