// The interfaces modules provide to the server context (server/context.ts).
// The context owns them, so infrastructure (context, app, http) depends on
// these few types and never on a module's implementation; the module that
// implements a port imports it from here.
import type { OpenMaterial, ReferencePassage } from './ai/types.js';
import type { ServerContext } from './context.js';

/** Finds knowledge passages for a question; the knowledge library plugs in here. */
export interface KnowledgeRetriever {
  /** Passages from the given datasets that the user may read, best first. */
  retrieve(input: { userId: string; datasetIds: string[]; question: string; limit: number }): Promise<ReferencePassage[]>;
}

/** Told when a teacher releases an evaluation's results (LTI queues the scores for the LMS gradebook). */
export interface ResultsReleasedListener {
  released(evaluationId: string): Promise<void>;
}

/** Whether an account may sign in with its password (sign-on turns it off for accounts from a provider that says so). */
export interface PasswordSignInPolicy {
  refuses(userId: string): Promise<boolean>;
}

export interface LoginAttempt {
  username: string;
  ip: string;
  /** Id of a device that has signed in to this account before (already verified), or null. */
  knownDevice?: string | null;
}

export interface LoginReservation {
  /** Seconds to wait before trying again; 0 when the attempt was allowed (and counted). */
  retryAfterSeconds: number;
  /** The guess was right: it no longer counts against any of its buckets. */
  release(): void;
  /** The password was right: release the slot and forget this pair's or device's failures. */
  succeeded(): void;
}

/** Slows down password guessing (the account module implements it, in memory or shared). */
export interface LoginThrottle {
  /** Counts the attempt before the password is checked; refused (retryAfterSeconds > 0) when over a limit. */
  reserve(attempt: LoginAttempt, now: number): LoginReservation | Promise<LoginReservation>;
}

/** The AI settings a chat started inside an assistant or a course inherits. */
export interface ChatPreset {
  systemMessage?: string;
  model?: string;
  modelVersion?: string;
  temperature?: number;
  topP?: number;
  datasetIds?: string[];
}

export interface PresetGrounding {
  /** Added to the system message a model reads. */
  note: string;
  /** The same text as material the built-in engine can quote. */
  material: OpenMaterial;
}

export interface ChatPresetResolver {
  /** The preset for `id` as this user may use it; throws 404/403 when they may not. */
  resolve(ctx: ServerContext, userId: string, id: string): Promise<ChatPreset>;
  /** Whether the user owns the preset (may read its prompt and datasets back). */
  owns?(ctx: ServerContext, userId: string, id: string): Promise<boolean>;
  /** Extra grounding for one question, e.g. the lesson a student is reading: a note for the model and the material itself. */
  grounding?(ctx: ServerContext, userId: string, id: string, hint: { lessonId?: string }): Promise<PresetGrounding | null>;
}

/** Where assistants and courses hand their AI settings to new chats. */
export interface ChatPresetRegistry {
  assistant?: ChatPresetResolver;
  course?: ChatPresetResolver;
}

/** Answers this instance is streaming: stop, shutdown and leases find them here. */
export interface GenerationRegistry {
  /** Marks this instance's answers in the database (lease owner). */
  readonly instanceId: string;
  /** `controller` is the answer's one abort controller: a stop or shutdown aborts it here. */
  start(messageId: string, userId: string, controller: AbortController): void;
  /** Called once the answer's final state is saved (or given up on). */
  finish(messageId: string): void;
  /** Stops an answer of this user; false when there is none running. */
  stop(messageId: string, userId: string): boolean;
  /** Ids of the answers this instance is writing. */
  runningIds(): string[];
  /** Ends every answer (as an error saying the server restarts) and waits until each is saved, at most `timeoutMs`. */
  stopAll(timeoutMs: number): Promise<void>;
}
