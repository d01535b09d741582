// The one fetch helper: cookies always, the CSRF header on every call, errors as the server's { message }.

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
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
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

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}
