import type { AjvInstance } from '../schemas/ajv';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Providers } from './providers/types';

/** What every route plugin is given: the database, the shared Ajv, the providers, the settings. */
export interface AppContext {
  db: Database;
  ajv: AjvInstance;
  providers: Providers;
  config: ServerConfig;
}
