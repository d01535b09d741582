// The checks across variables that a field's own schema cannot make (a key that goes with the chosen
// engine, signing credentials that go together), kept apart from the schema in env.ts. They read the
// parsed values only; env.ts stays the one reader of process.env.
import fs from 'node:fs';

/**
 * Keys of the configured engine: present, and shaped like the provider's own keys, so a key pasted
 * with a quote or into the wrong variable stops the server at start instead of failing each
 * staging. The shape is only checked against the provider's real endpoint (a proxy may use its own).
 */
export function engineKeyIssues(e: {
  STAGING_ENGINE: string;
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  REPLICATE_API_TOKEN?: string | undefined;
  REPLICATE_BASE_URL?: string | undefined;
  STAGING_HTTP_URL?: string | undefined;
  STAGING_HTTP_TOKEN?: string | undefined;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const check = (
    name: string,
    value: string | undefined,
    shape: RegExp,
    example: string,
    custom: boolean,
  ) => {
    if (!value) issues.push({ path: [name], message: `is required when STAGING_ENGINE=${e.STAGING_ENGINE}` });
    else if (/\s|["']/.test(value) || (!custom && !shape.test(value))) {
      issues.push({
        path: [name],
        message: `does not look like a valid key (expected ${example}, no quotes or spaces)`,
      });
    }
  };
  if (e.STAGING_ENGINE === 'openai')
    check('OPENAI_API_KEY', e.OPENAI_API_KEY, /^sk-[\w-]{20,}$/, '"sk-..."', !!e.OPENAI_BASE_URL);
  if (e.STAGING_ENGINE === 'replicate') {
    check('REPLICATE_API_TOKEN', e.REPLICATE_API_TOKEN, /^r8_\w{20,}$/, '"r8_..."', !!e.REPLICATE_BASE_URL);
  }
  if (e.STAGING_ENGINE === 'http') {
    if (!e.STAGING_HTTP_URL)
      issues.push({ path: ['STAGING_HTTP_URL'], message: 'is required when STAGING_ENGINE=http' });
    else if (!/^https?:/.test(e.STAGING_HTTP_URL))
      issues.push({ path: ['STAGING_HTTP_URL'], message: 'must be an http(s) URL' });
    if (e.STAGING_HTTP_TOKEN && /\s|["']/.test(e.STAGING_HTTP_TOKEN)) {
      issues.push({ path: ['STAGING_HTTP_TOKEN'], message: 'must not contain quotes or spaces' });
    }
  }
  return issues;
}

/**
 * C2PA signing credentials: both or neither, each PEM text or an existing file; production with
 * credentials switched on must name its own (a development certificate is no identity for buyers).
 */
export function credentialIssues(e: {
  NODE_ENV: string;
  C2PA_ENABLED: boolean;
  C2PA_CERT_PEM?: string | undefined;
  C2PA_KEY_PEM?: string | undefined;
}): { path: string[]; message: string }[] {
  if (!e.C2PA_ENABLED) return [];
  const issues: { path: string[]; message: string }[] = [];
  const given = [e.C2PA_CERT_PEM, e.C2PA_KEY_PEM].filter(Boolean).length;
  if (given === 1) {
    issues.push({ path: ['C2PA_CERT_PEM'], message: 'C2PA_CERT_PEM and C2PA_KEY_PEM go together' });
  } else if (given === 0 && e.NODE_ENV === 'production') {
    issues.push({
      path: ['C2PA_CERT_PEM'],
      message:
        'and C2PA_KEY_PEM are required in production while C2PA_ENABLED is on (the certificate and key that sign Content Credentials)',
    });
  }
  for (const name of ['C2PA_CERT_PEM', 'C2PA_KEY_PEM'] as const) {
    const v = e[name];
    if (v && !v.includes('-----BEGIN') && !fs.existsSync(v))
      issues.push({
        path: [name],
        message: `must be PEM text or the path of an existing PEM file, got "${v}"`,
      });
  }
  return issues;
}
