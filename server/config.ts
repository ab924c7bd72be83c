// The one place that reads process.env: parsed with a schema, frozen, passed down typed.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

const envSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL, e.g. https://example.org/' })
    .default('http://localhost:3000/')
    // Canonical links are SITE_URL + path: keep exactly one trailing slash.
    .transform((value) => value.replace(/\/*$/, '/')),
  ITEMS_SERVICE_URL: optionalUrl.optional(),
  CONTENT_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('content'),
  CACHE_TTL_SECONDS: integer(1, 86_400).default(60),
  // Kept for existing deployments: a bound on the entry count beside the bound in bytes.
  CACHE_MAX_KEYS: integer(10, 1_000_000).default(2_000),
  ITEMS_CACHE_MAX_MB: integer(1, 16_384).default(64),
  UPSTREAM_TIMEOUT_MS: integer(100, 60_000).default(3_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Express "trust proxy": false, true, a hop count, or addresses/subnets (loopback, 10.0.0.0/8, …).
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value))
    .refine((value) => typeof value !== 'string' || /^[\w.:/, -]+$/.test(value), { error: 'must be true, false, a hop count or a list of addresses' }),
  RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000).default(600),
  // 32 MB: hundreds of pages asked again, and the long tail of items API lists asked twice held to
  // a size that keeps a long search load under 350 MB of RSS (decision 077).
  RESPONSE_CACHE_MAX_MB: integer(0, 100_000).default(32),
  IMAGE_CACHE_DIR: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  IMAGE_CACHE_MAX_MB: integer(1, 1_000_000).default(256),
  FEED_FULL_CONTENT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SHOW_DRAFTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Signs the preview links of drafts and future-dated articles; unset, there are no preview links.
  PREVIEW_SECRET: z.string().trim().min(16, { error: 'must be at least 16 characters' }).optional(),
  // Analysed articles by content hash; default outside the project so it never lands in public/ or git.
  CONTENT_CACHE_DIR: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  // Threads that prepare and parse articles off the event loop (decision 027); 0 runs that work inline.
  WORKER_THREADS: integer(0, 64).optional(),
});

/** Variables whose values never appear in an error. */
const SECRETS = new Set(['PREVIEW_SECRET']);

/** Worker threads when WORKER_THREADS is unset: one a core but one, at most 4, at least 1. */
export function defaultWorkerThreads(): number {
  // One core stays with the event loop; each thread holds about 36 MB from the start.
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

export interface Config {
  port: number;
  host: string;
  siteUrl: string;
  itemsServiceUrl: string | undefined;
  contentDir: string;
  cacheTtlSeconds: number;
  /** Most entries the items cache holds (CACHE_MAX_KEYS), beside its bound in bytes. */
  cacheMaxKeys: number;
  /** Most bytes the items cache holds (ITEMS_CACHE_MAX_MB), estimated from its strings. */
  itemsCacheMaxBytes: number;
  upstreamTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Express "trust proxy" setting, for X-Forwarded-* behind a reverse proxy. */
  trustProxy: boolean | number | string;
  /** Requests per minute and client allowed under /www-be/; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Most megabytes of answers (pages, items API, feeds) kept compressed in memory; 0 turns that cache off. */
  responseCacheMaxMb: number;
  /** Folder of the generated images (share cards, responsive variants), kept across restarts. */
  imageCacheDir: string;
  /** Most bytes that folder may hold. */
  imageCacheMaxBytes: number;
  /** The feeds carry each article's whole body, not only its summary. */
  feedFullContent: boolean;
  /** Serve draft articles (front matter `draft: true`) as if published, for previewing. */
  showDrafts: boolean;
  /** Signs preview links of hidden articles (PREVIEW_SECRET); undefined turns them off. */
  previewSecret: string | undefined;
  /** Where the built-in content source keeps analysed articles across restarts. */
  contentCacheDir: string;
  /** Most worker threads preparing and parsing articles; 0 does that work on the event loop. */
  workerThreads: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Readonly<Config> {
  // An empty variable means "not set", as in most process managers' env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A secret is not written to logs, even a wrong one.
        const got = SECRETS.has(name) ? 'hidden' : JSON.stringify(env[name] ?? null);
        return `${issue.path.join('.')}: ${issue.message} (got ${got})`;
      }),
    );
  }
  const values = parsed.data;
  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    siteUrl: values.SITE_URL,
    itemsServiceUrl: values.ITEMS_SERVICE_URL?.replace(/\/+$/, ''),
    contentDir: path.resolve(cwd, values.CONTENT_DIR),
    cacheTtlSeconds: values.CACHE_TTL_SECONDS,
    cacheMaxKeys: values.CACHE_MAX_KEYS,
    itemsCacheMaxBytes: values.ITEMS_CACHE_MAX_MB * 1024 * 1024,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    responseCacheMaxMb: values.RESPONSE_CACHE_MAX_MB,
    imageCacheDir: values.IMAGE_CACHE_DIR ? path.resolve(cwd, values.IMAGE_CACHE_DIR) : path.join(os.tmpdir(), 'portfolio-site-images'),
    imageCacheMaxBytes: values.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    feedFullContent: values.FEED_FULL_CONTENT === 'true',
    showDrafts: values.SHOW_DRAFTS === 'true',
    previewSecret: values.PREVIEW_SECRET,
    contentCacheDir: values.CONTENT_CACHE_DIR ? path.resolve(cwd, values.CONTENT_CACHE_DIR) : path.join(os.tmpdir(), 'portfolio-site-cache'),
    workerThreads: values.WORKER_THREADS ?? defaultWorkerThreads(),
  });
}
