// What every module is given when it is registered: configuration, the
// database, file storage, and the clock (injectable so tests can move time).
// The interfaces modules plug in here are its ports (ports.ts).
import type { Kysely } from 'kysely';
import type { LiveCatalogue } from './ai/live-catalogue.js';
import type { Config } from './config.js';
import type { Coordination } from './coordination/index.js';
import type { DataLayer } from './db/index.js';
import type { Database } from './db/schema.js';
import type { FileStorage } from './files/storage.js';
import type { ChatPresetRegistry, GenerationRegistry, KnowledgeRetriever, LoginThrottle, PasswordSignInPolicy, ResultsReleasedListener } from './ports.js';

export interface ServerContext {
  config: Config;
  data: DataLayer;
  db: Kysely<Database>;
  files: FileStorage;
  loginThrottle: LoginThrottle;
  /** Refuses password sign-in to accounts whose provider says so; school sign-on plugs in here (none: every account may). */
  passwordSignIn?: PasswordSignInPolicy;
  /** Told when an evaluation's results are released; LTI plugs in here (none: nobody is told). */
  resultsReleased?: ResultsReleasedListener;
  /** The models this installation offers (server/ai), rebuilt when a manager changes them. */
  ai: LiveCatalogue;
  /** Finds knowledge passages for a question; the knowledge library plugs in here. */
  knowledge: KnowledgeRetriever;
  /** Where assistants and courses hand their AI settings to new chats. */
  chatPresets: ChatPresetRegistry;
  /** Answers this instance is streaming (stop, shutdown, leases). */
  generations: GenerationRegistry;
  /** What instances share besides the database: stop signals, answer logs, limits (Redis, or this process). */
  coordination: Coordination;
  now(): number;
}

/** Options every module plugin receives. */
export interface ModuleOptions {
  ctx: ServerContext;
}
