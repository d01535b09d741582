import zlib from 'node:zlib';

// Responses are compressed once, at build time (scripts/compress-assets.mjs) or at start (the HTML
// pages), never per request: brotli at its best level costs far too much CPU to run per response.
// Decision 0121.

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the request accepts, brotli before gzip; null for none. Honours q-values
 * ("br;q=0" refuses brotli) and "*".
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** A page kept in memory as it is and in both encodings. */
export interface CompressedText {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressText(text: string): CompressedText {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}
