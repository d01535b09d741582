import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODELS } from './engines/provider-models.ts';
import { credentialIssues, engineKeyIssues } from './env-issues.ts';

// The only module that reads process.env (lint enforces it). Everything else receives an Env.

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1' || v === 'yes'));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const int = (def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const urlString = (def?: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v === undefined || v.trim() === '' ? def : v.trim();
      if (value === undefined) return undefined;
      try {
        new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a URL, got "${value}"` });
        return z.NEVER;
      }
      return value.replace(/\/+$/, '');
    });

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(5000, 0, 65535),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: urlString('http://localhost:5000'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: urlString(),
    /** Tests only: a PostgreSQL server on which each test file gets its own fresh database. */
    TEST_DATABASE_URL: urlString(),
    DB_POOL_MAX: int(10, 1, 500),
    DB_CONNECT_TIMEOUT_MS: int(5000, 100, 120_000),
    DB_STATEMENT_TIMEOUT_MS: int(30_000, 100, 600_000),
    SESSION_SECRET: optionalString,
    /** Proxies in front of the app that append to X-Forwarded-For (0: use the socket address). */
    TRUST_PROXY_HOPS: int(0, 0, 10),
    ADMIN_EMAILS: emailList,
    /**
     * Sign-ups per hour from one address (each runs argon2id and sends a mail). An office or a
     * campus behind one NAT may need more; the browser test run registers dozens from 127.0.0.1.
     */
    REGISTER_PER_IP_HOURLY: int(20, 1, 100_000),
    SUPPORT_EMAIL: z.string().email().default('support@roomstage.app'),
    /** Shown to Pro and Premium subscribers; unset means no phone support is offered anywhere. */
    SUPPORT_PHONE: optionalString.refine((v) => v === undefined || /^\+?[0-9][0-9 ().-]{5,24}$/.test(v), {
      message: 'must be a phone number such as +1 415 555 0100',
    }),
    MAIL_FROM: z.string().default('Roomstage <no-reply@roomstage.app>'),
    SMTP_URL: urlString(),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: urlString(),
    S3_FORCE_PATH_STYLE: bool(false),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    STAGING_ENGINE: z.enum(['local', 'gemini', 'openai', 'replicate', 'http', 'replay']).default('local'),
    /** STAGING_ENGINE=replay: directory of recorded `<name>before.*` / `<name>after.*` pairs. */
    REPLAY_DIR: optionalString,
    STAGING_TIMEOUT_MS: int(120_000, 1000, 900_000),
    /** How often a running copy asks the provider whether the configured model still exists (decision 0153). */
    ENGINE_MODEL_CHECK_INTERVAL_MS: int(86_400_000, 1000, 604_800_000),
    ENGINE_WORKERS: int(0, 0, 64),
    ENGINE_QUEUE_MAX: int(16, 1, 10_000),
    /** Memory one engine worker may use for one image; larger images are refused before decoding. */
    WORKER_MEMORY_MB: int(1024, 256, 65_536),
    /**
     * Staging jobs this copy runs at once; unset = one per engine thread; 0 = a web-only copy that
     * enqueues and waits while worker copies (`npm run worker`) render.
     */
    WORKERS: int(-1, 0, 256),
    /**
     * Transform requests one account may have running at once in one server copy (each holds an upload
     * in memory until its job settles): 2 lets two browser tabs work side by side. Decision 0122.
     */
    TRANSFORMS_AT_ONCE_PER_ACCOUNT: int(2, 1, 100),
    /** Originals and results older than this are deleted (the rows stay, marked as deleted). */
    IMAGE_RETENTION_DAYS: int(180, 1, 3650),
    WATERMARK: bool(true),
    /**
     * Sign every delivered JPEG with C2PA Content Credentials (decision 0190). The certificate and key are
     * PEM text or paths to PEM files; without them a development certificate is made under DATA_DIR/c2pa,
     * and production refuses to start.
     */
    C2PA_ENABLED: bool(true),
    C2PA_CERT_PEM: optionalString,
    C2PA_KEY_PEM: optionalString,
    /** Exposes GET /api/internal/event-loop (event-loop delay percentiles) for benchmarks. */
    METRICS_ENABLED: bool(false),
    GEMINI_API_KEY: optionalString,
    GEMINI_BASE_URL: urlString(),
    GEMINI_IMAGE_MODEL: z.string().trim().min(1).default(DEFAULT_MODELS.geminiImage),
    GEMINI_TEXT_MODEL: z.string().trim().min(1).default(DEFAULT_MODELS.geminiText),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: urlString(),
    OPENAI_IMAGE_MODEL: z.string().trim().min(1).default(DEFAULT_MODELS.openaiImage),
    OPENAI_IMAGE_QUALITY: z.enum(['low', 'medium', 'high', 'auto']).default('high'),
    REPLICATE_API_TOKEN: optionalString,
    REPLICATE_BASE_URL: urlString(),
    REPLICATE_MODEL: z
      .string()
      .trim()
      .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{8,64})?$/, 'must be "owner/name" or "owner/name:version"')
      .default(DEFAULT_MODELS.replicate),
    REPLICATE_POLL_INTERVAL_MS: int(1000, 100, 60_000),
    STAGING_HTTP_URL: urlString(),
    STAGING_HTTP_TOKEN: optionalString,
    /** The self-hosted model can remove existing furniture when asked (declutter=true). */
    STAGING_HTTP_DECLUTTER: bool(false),
    STAGING_HTTP_MAX_EDGE: int(2048, 256, 8192),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: urlString(),
    ALLOW_TEST_CHECKOUT: bool(false),
  })
  .superRefine((e, ctx) => {
    if (e.NODE_ENV === 'production' && (!e.SESSION_SECRET || e.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be at least 32 characters in production',
      });
    }
    if (e.STAGING_ENGINE === 'gemini' && !e.GEMINI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['GEMINI_API_KEY'],
        message: 'is required when STAGING_ENGINE=gemini',
      });
    }
    for (const issue of engineKeyIssues(e)) ctx.addIssue({ code: 'custom', ...issue });
    if (e.STAGING_ENGINE === 'replay' && (!e.REPLAY_DIR || !fs.existsSync(e.REPLAY_DIR))) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPLAY_DIR'],
        message: 'must name an existing directory of recorded pairs when STAGING_ENGINE=replay',
      });
    }
    for (const issue of credentialIssues(e)) ctx.addIssue({ code: 'custom', ...issue });
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

type Parsed = z.infer<typeof schema>;

export type Env = Omit<Parsed, 'APP_URL'> & {
  APP_URL: string;
  /** Absolute DATA_DIR. */
  dataDir: string;
  isProduction: boolean;
  secureCookies: boolean;
  sessionSecret: string;
};

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(
      `Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}\nSee README.md, "Configuration".`,
    );
    this.name = 'EnvError';
  }
}

/** Parses a variable map (process.env by default). Throws EnvError with one line per problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'} ${i.message}`));
  }
  const e = result.data;
  const appUrl = e.APP_URL ?? 'http://localhost:5000';
  return {
    ...e,
    APP_URL: appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    isProduction: e.NODE_ENV === 'production',
    secureCookies: appUrl.startsWith('https://'),
    // Development only: production requires SESSION_SECRET (checked above).
    sessionSecret: e.SESSION_SECRET ?? 'roomstage-development-secret-not-for-production',
  };
}
