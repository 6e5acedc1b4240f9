import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: apps/server/src/config → ../../../.. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

/**
 * Every configuration variable, parsed once at start-up. README.md lists the same variables with
 * their defaults; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REFERENCE_DATA_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_PASSWORD: z.string().min(8).default('demo1234!'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).default('ssaem-web'),
  OIDC_AUDIENCE: z.string().min(1).default('ssaem-api'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Ssaem <no-reply@ssaem.local>'),
  AI_PROVIDER: z.enum(['openai', 'openai-compatible', 'offline']).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4.1'),
  AI_VISION: booleanFlag.optional(),
  /** The speech-to-text model for recordings (OpenAI's audio API, or the compatible server's). */
  AI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** The image model for lesson pictures: OpenAI's (default gpt-image-1), or a compatible server's when set. */
  AI_IMAGE_MODEL: z.string().min(1).optional(),
  /** A SearXNG instance (its JSON API) for web, image and GIF search; safe search is always strict. */
  SEARXNG_URL: optionalUrl,
  /** The YouTube Data API v3 key for video search (safeSearch=strict). */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** Where the YouTube Data API is (tests point it at a local fake). */
  YOUTUBE_API_URL: z.url().default('https://www.googleapis.com'),
  /** Seconds a search answer is kept and reused for the same question. */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Pause between the words of an offline chat answer (0: at once). The browser journeys slow it down. */
  AI_OFFLINE_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(0),
  /** Days an upload to the HWP editor is kept (a working copy that may name pupils). */
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  CHAT_MAX_CONCURRENT_STREAMS: z.coerce.number().int().min(1).max(10_000).default(3),
  CHAT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('ssaem'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  RUN_JOB_WORKER: booleanFlag.default(true),
  /** Multipart uploads one user may send a minute (every upload route together). */
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Child processes that read uploaded files (each under the limits below). */
  READER_PROCESSES: z.coerce.number().int().min(1).max(32).default(2),
  /** Resident memory one reader process may use before it is stopped and its file refused. */
  READER_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(768),
  /** CPU seconds reading one file may take before it is stopped and the file refused. */
  READER_CPU_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Reverse proxies allowed to set X-Forwarded-*: addresses, CIDR ranges or `loopback`, comma-separated. */
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/, -]*$/, 'addresses, CIDR ranges or loopback, separated by commas')
    .optional(),
  /** Open connections one client address may hold (trusted proxies excepted). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Seconds a client has to send a whole request, headers and body (slow uploads included). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** S3-compatible object storage for files; with S3_BUCKET unset, files stay under DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  /** The server's URL for MinIO, Ceph and other S3-compatible stores; unset for AWS S3 itself. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name; default true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Keys go under this folder of the bucket, so several deployments can share one. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/)
    .optional(),
  /** Downloads answer with a redirect to a short-lived presigned URL (after the same checks) instead of passing through the API. */
  S3_PRESIGNED_DOWNLOADS: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Origins the image proxy fetches pictures from (comma-separated); nothing else is fetched. */
  PROXY_IMAGE_ORIGINS: z
    .string()
    .default('https://upload.wikimedia.org')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  PROXY_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  PROXY_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
});

type RawConfig = z.infer<typeof configSchema>;

export type Config = Omit<
  RawConfig,
  'SEED_DEMO' | 'PUBLIC_URL' | 'REFERENCE_DATA_DIR' | 'WEB_DIST_DIR' | 'OIDC_ISSUER'
> & {
  OIDC_ISSUER: string | undefined;
} & {
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  REFERENCE_DATA_DIR: string;
  WEB_DIST_DIR: string;
  /** The issuer tokens come from: the embedded provider unless OIDC_ISSUER names another. */
  ISSUER: string;
  /** True when the embedded OpenID provider serves /realms/ssaem. */
  EMBEDDED_IDP: boolean;
  /** The AI provider in use: forced by AI_PROVIDER, else chosen from the keys that are set. */
  AI_PROVIDER_RESOLVED: 'openai' | 'openai-compatible' | 'offline';
  /** Path-style S3 addressing: S3_FORCE_PATH_STYLE, else true exactly when S3_ENDPOINT is set. */
  S3_PATH_STYLE: boolean;
  /** Absolute path of the SQLite file when no DATABASE_URL is set. */
  SQLITE_FILE: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(projectRoot, path);
}

/** Parses the environment; throws ConfigError listing every invalid variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(pickKnown(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = parsed.data;
  const aiProblems = [
    raw.AI_PROVIDER === 'openai' && !raw.OPENAI_API_KEY
      ? 'OPENAI_API_KEY: required when AI_PROVIDER=openai'
      : null,
    raw.AI_PROVIDER === 'openai-compatible' && !raw.AI_BASE_URL
      ? 'AI_BASE_URL: required when AI_PROVIDER=openai-compatible'
      : null,
  ].filter((p): p is string => p !== null);
  const s3Problems = [
    !raw.S3_BUCKET && (raw.S3_ENDPOINT || raw.S3_ACCESS_KEY_ID || raw.S3_SECRET_ACCESS_KEY || raw.S3_PREFIX)
      ? 'S3_BUCKET: required when any other S3_ variable is set'
      : null,
    Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)
      ? 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK credential chain)'
      : null,
    raw.S3_PRESIGNED_DOWNLOADS && !raw.S3_BUCKET ? 'S3_PRESIGNED_DOWNLOADS: needs S3_BUCKET' : null,
  ].filter((p): p is string => p !== null);
  const problems = [...aiProblems, ...s3Problems];
  if (problems.length) throw new ConfigError(problems);
  const dataDir = absolute(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    ISSUER: (raw.OIDC_ISSUER ?? `${publicUrl}/realms/ssaem`).replace(/\/$/, ''),
    OIDC_ISSUER: raw.OIDC_ISSUER,
    AI_PROVIDER_RESOLVED:
      raw.AI_PROVIDER ?? (raw.AI_BASE_URL ? 'openai-compatible' : raw.OPENAI_API_KEY ? 'openai' : 'offline'),
    EMBEDDED_IDP: !raw.OIDC_ISSUER,
    SEED_DEMO: raw.SEED_DEMO ?? raw.NODE_ENV !== 'production',
    REFERENCE_DATA_DIR: absolute(raw.REFERENCE_DATA_DIR ?? 'reference-data'),
    WEB_DIST_DIR: absolute(raw.WEB_DIST_DIR ?? 'apps/web/dist'),
    SQLITE_FILE: resolve(dataDir, 'ssaem.sqlite'),
    S3_PATH_STYLE: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
  };
}

/** Empty strings count as unset, as in most shells' `VAR= npm start`. */
function pickKnown(env: NodeJS.ProcessEnv): Record<string, string> {
  const known: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') known[key] = value;
  }
  return known;
}
