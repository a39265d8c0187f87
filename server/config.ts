import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().max(max, `must be at most ${max} characters`).optional())
    .optional();

const optionalSecret = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().min(32, 'must be at least 32 characters').optional())
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STATIC_DIR: z.string().min(1).default('dist'),
  APP_SECRET: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .optional(),
  // Token log-in, Google sign-in and the captcha of the account slice (docs/decisions/007).
  SSO_SECRET: optionalSecret,
  GOOGLE_CLIENT_ID: optionalText(256),
  GOOGLE_JWKS_URL: z.string().trim().pipe(z.url()).default('https://www.googleapis.com/oauth2/v3/certs'),
  RECAPTCHA_SITE_KEY: optionalText(256),
  RECAPTCHA_SECRET: optionalText(256),
  RECAPTCHA_VERIFY_URL: z.string().trim().pipe(z.url()).default('https://www.google.com/recaptcha/api/siteverify'),
  // Which payment providers collect money (docs/decisions/035, docs/payments.md): the sandboxes
  // outside production; nothing in production unless the operator says so for a demo site.
  PAYMENTS: z.enum(['sandbox', 'off']).optional(),
  // The flow atlas (/flows) for product owners: on outside production, opt-in on a staging site.
  FLOWS_PAGE: z.enum(['on', 'off']).optional(),
  // The build's source maps: served outside production, kept for error reports in production.
  SOURCE_MAPS: z.enum(['public', 'private']).optional(),
  // A clock the sandbox can move forward (POST /api/sandbox/clock, docs/decisions/069), for tests
  // that drive a server over HTTP through renewals and 7-day limits: never in production.
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  // Whether a refusal the contract does not declare for its operation fails loudly (500 -2499 and
  // an error in the log) instead of leaving the server: on outside production (docs/decisions/072).
  CONTRACT_REFUSALS: z.enum(['strict', 'off']).optional(),
  // The captcha's proof-of-work difficulty (docs/decisions/037): lowered by tests only.
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(100_000).optional(),
  // The theme colour a first start seeds outside production, so the browser suite can check the
  // portal's contrast under a brand other than the demo's (docs/decisions/043).
  DEMO_THEME_COLOR: z
    .string()
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #d9480f')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  staticDir: string;
  /** Seals outbox messages and signs tokens; required in production, shared by every process. */
  appSecret: string | undefined;
  /** HMAC key shared with the streaming platform for token log-in; derived from the app secret outside production when unset. */
  ssoSecret: string | undefined;
  /** Google sign-in is offered only when a client id is configured. */
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /** The captcha is on only when both the site key and the secret are configured. */
  recaptchaSiteKey: string | undefined;
  recaptchaSecret: string | undefined;
  recaptchaVerifyUrl: string;
  /**
   * `sandbox`: the shipped sandbox providers take test money (and the sandbox bank, chain and
   * hosted pages exist); `off`: no provider, so no method is offered (docs/decisions/035).
   */
  payments: 'sandbox' | 'off';
  /** The flow atlas page (/flows) and its machine drawings. */
  flowsPage: boolean;
  /** Where the static atlas is (`npm run flows` writes docs/flows/index.html): served at /flows/atlas/ with the page. */
  flowAtlasDir: string;
  /** Whether `*.map` files of the build are served. */
  publicSourceMaps: boolean;
  /**
   * Whether a first start seeds the demo account, demo discount codes and the sandbox bank's
   * accounts: never in production, whatever PAYMENTS says (docs/decisions/035).
   */
  demoContent: boolean;
  /** The captcha's proof-of-work difficulty; the captcha module's own when unset. */
  captchaMaxNumber: number | undefined;
  /** Whether the server's clock can be moved forward by the sandbox (never in production). */
  testClock: boolean;
  /**
   * The theme colour the demo content seeds instead of the demo's own: development and tests
   * only. A production site's theme is its operator's, in site_settings (docs/decisions/043).
   */
  demoThemeColor: string | undefined;
  /**
   * A refusal whose errCode its operation's `x-refusals` and the contract's common refusals do not
   * name answers 500 -2499 and logs an error (docs/decisions/072); unset means on outside
   * production, so a test server built from a hand-made config checks too.
   */
  strictRefusals?: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadOptions {
  /**
   * A process about to serve (the server, `npm run renew`), not a test building an app in memory:
   * production then also needs PUBLIC_URL, without which emailed links and the payment providers'
   * return addresses would point at localhost.
   */
  startUp?: boolean;
}

/** Reads the environment once at start-up and fails with every problem listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, { startUp = false }: LoadOptions = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required in production (at least 32 random characters, the same for every server process)']);
  }
  if (startUp && e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError([
      "PUBLIC_URL: required in production (the address users open, e.g. https://tv.example.com): reset links and payment return addresses are built from it, never from a request's Host",
    ]);
  }
  if (production && e.DEMO_THEME_COLOR) {
    throw new ConfigError([
      "DEMO_THEME_COLOR: only for development and tests; a production site's theme colour is its operator's (the 'theme' row of site_settings)",
    ]);
  }
  if (production && e.TEST_CLOCK === 'on') {
    throw new ConfigError(['TEST_CLOCK: only for tests; a production server keeps the real time (money, renewals and limits follow it)']);
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET)) {
    throw new ConfigError([
      `${e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY'}: required when ${e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET'} is set (the captcha needs both)`,
    ]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: path.resolve(e.STATIC_DIR),
    appSecret: e.APP_SECRET,
    ssoSecret: e.SSO_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    payments: e.PAYMENTS ?? (production ? 'off' : 'sandbox'),
    flowsPage: (e.FLOWS_PAGE ?? (production ? 'off' : 'on')) === 'on',
    flowAtlasDir: path.resolve('docs/flows'),
    publicSourceMaps: (e.SOURCE_MAPS ?? (production ? 'private' : 'public')) === 'public',
    demoContent: !production,
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    testClock: e.TEST_CLOCK === 'on',
    demoThemeColor: e.DEMO_THEME_COLOR,
    strictRefusals: (e.CONTRACT_REFUSALS ?? (production ? 'off' : 'strict')) === 'strict',
  };
}

/** For entry points (the server, `npm run renew`): a wrong environment prints its problems and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env, { startUp: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
