// Reading Replicate's prediction objects, and a fetch for the SDK that turns its built-in retries off.
export interface PredictionLike {
  id?: unknown;
  status?: unknown;
  output?: unknown;
  error?: unknown;
}

/** FLUX Kontext answers one URL; FLUX Fill (dev) a list of them. Anything else is no image. */
export function firstOutputUrl(output: unknown): string | null {
  const first: unknown = Array.isArray(output) ? output[0] : output;
  if (typeof first !== 'string') return null;
  try {
    const url = new URL(first);
    return url.protocol === 'https:' || url.protocol === 'http:' ? first : null;
  } catch {
    return null;
  }
}

/**
 * The SDK repeats a request on 429 (and on 5xx for GETs) up to five times, without waiting for the
 * Retry-After it was given. We decide on retries (the guard's retry, the user's next try), so after
 * the first 429 or 5xx every further request of this call gets that same answer without reaching
 * the provider: a rate-limited account is not hammered, and the SDK then throws its ApiError.
 */
export function onceFailedFetch(base: typeof fetch = fetch): typeof fetch {
  let failed: { status: number; statusText: string; headers: Headers; body: string } | null = null;
  const replay = (f: NonNullable<typeof failed>) =>
    new Response(f.body, { status: f.status, statusText: f.statusText, headers: f.headers });
  return async (input, init) => {
    if (failed) return replay(failed);
    const res = await base(input, init);
    if (res.status === 429 || res.status >= 500) {
      failed = {
        status: res.status,
        statusText: res.statusText,
        headers: new Headers(res.headers),
        body: await res.text(),
      };
      return replay(failed);
    }
    return res;
  };
}
