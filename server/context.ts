import type { AjvInstance } from '../schemas/ajv';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { StoredRequirements } from './documents/requirementVersions';
import type { ContentStore } from './files/contentStore';
import type { FileParser } from './files/fileParser';
import type { Clock } from './jobs/clock';
import type { Providers } from './providers/types';

/** What every route plugin is given: the database, the shared Ajv, the providers, the settings, the clock. */
export interface AppContext {
  db: Database;
  ajv: AjvInstance;
  providers: Providers;
  config: ServerConfig;
  /** The time as the job runner and the penny test see it (tests move it by hand). */
  clock: Clock;
  /** The document requirements in force: the published version, or a merchant's pinned one (version 1 is the shipped data). */
  requirements: StoredRequirements;
  /** The parse workers: uploaded PDFs inspected, pages merged, Aadhaar offline ZIPs read, off the request's thread. */
  fileParser: FileParser;
  /** Where stored files' bytes live (FILE_STORE): the database, or an S3-compatible bucket. */
  files: ContentStore;
}
