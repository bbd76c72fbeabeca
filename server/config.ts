/** The server's settings, read from the environment once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  production: boolean;
  /** Sandbox providers and their inbox page (default on, off in production). */
  sandbox: boolean;
  tokenTtlSeconds: number;
  /** Requests per minute per address on the sign-in calls. */
  authRateLimit: number;
}

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
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const config: ServerConfig = {
    port: integer('PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: env.DATA_DIR || 'data/pglite',
    production,
    sandbox: flag('SANDBOX', !production),
    tokenTtlSeconds: integer('TOKEN_TTL_SECONDS', 86400, 60, 31 * 86400),
    authRateLimit: integer('AUTH_RATE_LIMIT', 30, 1, 100000),
  };
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
