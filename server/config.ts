import { isIP } from 'node:net';
import { allowedRedirect, hostRulesFrom, parseHostRule } from '../common/redirect/allowedRedirect';
import { LOGOUT_TARGET_NAMES, type LogoutTargets } from '../common/redirect/logoutTargets';

/** The server's settings, read from the environment once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  production: boolean;
  /**
   * Sandbox providers and their inbox page, which shows every OTP and unlock code to anyone (default on, off in
   * production; in production only with DEMO_DEPLOYMENT=true as well).
   */
  sandbox: boolean;
  /** The address users open the app at (an origin): links in messages (the unlock link) start with it. */
  publicUrl: string;
  tokenTtlSeconds: number;
  /** Requests per minute per address on the sign-in calls. */
  authRateLimit: number;
  /**
   * Failed sign-in attempts (password, OTP, unlock code) a client address may make in a window of
   * SIGN_IN_ATTEMPTS.windowMinutes, over all identities; past it the address is refused until the window ends.
   */
  signInAddressLimit: number;
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed; empty: none (the peer address counts). */
  trustProxy: string[];
  /** Pino level of the request log (`silent` turns it off). */
  logLevel: LogLevel;
  /**
   * Origins allowed to embed the app in a frame (the provider's apps and pages), besides its own:
   * the one list the Content-Security-Policy's frame-ancestors, the agreement frame and host messaging use.
   */
  embedOrigins: string[];
  /**
   * Where /account/service_login may send a signed-in user with a token: the provider's product hosts (platform spec
   * section 9: a fixed list, not shown). Entries as common/redirect/allowedRedirect.ts reads them: `host`,
   * `*.domain` or an exact origin.
   */
  redirectHosts: string[];
  /** Hosts /account/service_logout may also go to: the help and onboarding hosts (besides redirectHosts). */
  logoutRedirectHosts: string[];
  /** Where /account/service_logout sends a user by dashboard preference (one_dashboard) or product (not shown: none by default). */
  logoutUrls: LogoutTargets;
  /** How fast the sandbox's test deposits move (README, sandbox test accounts). */
  penny: PennyTimings;
  /** Milliseconds between the job runner's looks for due jobs (penny deposits); 0 turns polling off (tests). */
  jobPollMs: number;
  /** Bank updates after the first bank details (the spec gives neither the cap nor the gap: README). */
  bankUpdate: BankUpdatePolicy;
  /**
   * The shared secret of the payment service's UPI payment webhook (POST /api/v1/webhooks/upi_payments): its HMAC-SHA256
   * signature header is checked with it. Unset: every webhook call is refused (the sandbox settles on its own page).
   */
  upiWebhookSecret: string | undefined;
  /** Where stored files' bytes live: the database (default), or an S3-compatible bucket (FILE_STORE=s3 and S3_*). */
  fileStore: FileStoreSettings;
}

/** FILE_STORE: files' bytes in the database, or in S3-compatible storage with its settings. */
export type FileStoreSettings = { kind: 'database' } | ({ kind: 's3' } & S3Settings);

/** The S3-compatible bucket files are kept in (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want, not in the host name. */
  forcePathStyle: boolean;
}

/** How often a merchant may change bank details, and how long settlements then wait. */
export interface BankUpdatePolicy {
  attempts: number;
  gapHours: number;
  settlementHoldHours: number;
}

/** Seconds the sandbox's test deposits take: an IMPS answer, and each NEFT state (NOT_INITIATED, PENDING, SENT_TO_BANK). */
export interface PennyTimings {
  impsSeconds: number;
  neftStepSeconds: number;
}

/** The levels the request log accepts. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Reads and checks the environment; throws one clear error listing every bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!['true', 'false', '1', '0'].includes(raw)) problems.push(`${name} must be true or false (got "${raw}")`);
    return raw === 'true' || raw === '1';
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!allowed.includes(raw as T)) problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return raw as T;
  };
  const origins = (name: string): string[] => {
    const list = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
    const bad = list.filter((origin) => !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin));
    if (bad.length) problems.push(`${name} must list origins such as https://www.example.com, separated by commas (got "${bad.join('", "')}")`);
    return list;
  };
  const hostRules = (name: string): string[] => {
    const list = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
    const bad = list.flatMap((entry) => {
      const parsed = parseHostRule(entry);
      return 'problem' in parsed ? [parsed.problem] : [];
    });
    if (bad.length) problems.push(`${name} must list hosts (host.example.com), domains (*.example.com) or origins (https://host:port), separated by commas: ${bad.join('; ')}`);
    return list;
  };
  const logoutTargets = (name: string, allowed: string[]): LogoutTargets => {
    const targets: LogoutTargets = {};
    let rules: ReturnType<typeof hostRulesFrom> = [];
    try {
      rules = hostRulesFrom(allowed);
    } catch {
      // the bad host entries are reported on their own
    }
    for (const entry of (env[name] ?? '').split(/[\s,]+/).filter(Boolean)) {
      const [key = '', url = ''] = entry.split(/=(.*)/s);
      const known = (LOGOUT_TARGET_NAMES as readonly string[]).includes(key);
      if (known && allowedRedirect(url, rules)) targets[key as keyof LogoutTargets] = url;
      else problems.push(`${name} must list name=url pairs (names ${LOGOUT_TARGET_NAMES.join(', ')}), each url on REDIRECT_HOSTS or LOGOUT_REDIRECT_HOSTS (got "${entry}")`);
    }
    return targets;
  };
  const proxyList = (name: string): string[] => {
    const raw = env[name]?.trim();
    if (!raw) return [];
    const list = raw.split(',').map((entry) => entry.trim());
    const bad = list.filter((entry) => !isAddressOrRange(entry));
    if (bad.length) problems.push(`${name} must be a comma-separated list of IP addresses or CIDR ranges, e.g. 10.0.0.1,192.168.0.0/16 (got "${bad.join('", "')}")`);
    return list;
  };
  const production = env.NODE_ENV === 'production';
  const sandbox = flag('SANDBOX', !production);
  // The sandbox inbox shows every OTP and unlock code to anyone: in production only on a deployment declared a demo.
  if (production && sandbox && !flag('DEMO_DEPLOYMENT', false)) {
    problems.push('SANDBOX=true in production shows every OTP and unlock code to anyone in the sandbox inbox: set DEMO_DEPLOYMENT=true as well, and only for a demonstration without real merchants');
  }
  const port = integer('PORT', 8080, 0, 65535);
  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(publicUrl)) problems.push(`PUBLIC_URL must be an origin such as https://onboarding.example.com (got "${env.PUBLIC_URL}")`);
  if (!publicUrl && production) problems.push('PUBLIC_URL must be set in production: the address users open the app at, which the unlock link in messages starts with');
  const upiWebhookSecret = env.UPI_WEBHOOK_SECRET || undefined;
  if (upiWebhookSecret && upiWebhookSecret.length < 32) problems.push('UPI_WEBHOOK_SECRET must be at least 32 characters (the secret the payment service signs its UPI payment webhook with)');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const fileStore = fileStoreFrom(env, oneOf('FILE_STORE', ['database', 's3'] as const, 'database'), flag('S3_FORCE_PATH_STYLE', false), problems);
  const config: ServerConfig = {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: env.DATA_DIR || 'data/pglite',
    production,
    sandbox,
    publicUrl: publicUrl || `http://localhost:${port}`,
    tokenTtlSeconds: integer('TOKEN_TTL_SECONDS', 86400, 60, 31 * 86400),
    authRateLimit: integer('AUTH_RATE_LIMIT', 30, 1, 100000),
    signInAddressLimit: integer('SIGN_IN_ADDRESS_LIMIT', 20, 5, 100000),
    trustProxy: proxyList('TRUST_PROXY'),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    embedOrigins: origins('EMBED_ORIGINS'),
    redirectHosts: hostRules('REDIRECT_HOSTS'),
    logoutRedirectHosts: hostRules('LOGOUT_REDIRECT_HOSTS'),
    logoutUrls: {},
    penny: {
      impsSeconds: integer('PENNY_IMPS_SECONDS', 2, 0, 3600),
      neftStepSeconds: integer('PENNY_NEFT_STEP_SECONDS', 60, 1, 86400),
    },
    jobPollMs: integer('JOB_POLL_MS', 1000, 0, 600000),
    bankUpdate: {
      attempts: integer('BANK_UPDATE_ATTEMPTS', 3, 1, 100),
      gapHours: integer('BANK_UPDATE_GAP_HOURS', 24, 0, 24 * 365),
      settlementHoldHours: integer('SETTLEMENT_HOLD_HOURS', 24, 24, 24 * 30),
    },
    upiWebhookSecret,
    fileStore,
  };
  config.logoutUrls = logoutTargets('LOGOUT_URLS', [...config.redirectHosts, ...config.logoutRedirectHosts]);
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}

/** The file store FILE_STORE names; for s3 every S3_* setting it needs, each one missing named in `problems`. */
function fileStoreFrom(env: NodeJS.ProcessEnv, kind: 'database' | 's3', forcePathStyle: boolean, problems: string[]): FileStoreSettings {
  if (kind === 'database') return { kind };
  const required = (name: string): string => {
    const value = env[name]?.trim() ?? '';
    if (!value) problems.push(`${name} must be set when FILE_STORE=s3`);
    return value;
  };
  const endpoint = required('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^\s/]+/i.test(endpoint)) problems.push(`S3_ENDPOINT must be a URL such as https://s3.eu-west-1.amazonaws.com (got "${endpoint}")`);
  return {
    kind,
    endpoint,
    bucket: required('S3_BUCKET'),
    region: required('S3_REGION'),
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle,
  };
}

/** Whether a value is an IPv4 or IPv6 address, optionally with a /prefix length that suits it. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
