// The compiled lists and settings each instance checks against, kept in
// memory and rebuilt when they change anywhere: a manager's change bumps the
// version row and publishes on the coordination channel (Redis when
// configured: at once on every instance), and every instance also polls the
// version row, so a change reaches an instance within POLL_MS even without
// Redis (two instances on one PostgreSQL). No restart is needed.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { WordMatcher } from './matcher.js';
import { parseSettings, type SafetySettings } from './settings.js';
import { listAllow, listWords, readSetting } from './store.js';

export const CHANGED_CHANNEL = 'safety:changed';
const POLL_MS = 2_000;

export interface SafetyState {
  version: string;
  /** What the matcher was built from: a settings change reuses it (compiling 10,000 words takes a while). */
  lists: string;
  matcher: WordMatcher;
  settings: SafetySettings;
}

interface Runtime {
  state?: SafetyState;
  loading?: Promise<SafetyState>;
  /** The server's log, for work that outlives a request (alert SMS). */
  log?: FastifyBaseLogger;
  /** That work, awaited when the server closes. */
  background: Set<Promise<unknown>>;
}

const runtimes = new WeakMap<ServerContext, Runtime>();

function runtimeOf(ctx: ServerContext): Runtime {
  let runtime = runtimes.get(ctx);
  if (!runtime) runtimes.set(ctx, (runtime = { background: new Set() }));
  return runtime;
}

async function load(ctx: ServerContext): Promise<SafetyState> {
  const version = (await readSetting(ctx.db, 'version')) ?? '';
  const [words, allow, settings] = await Promise.all([listWords(ctx.db), listAllow(ctx.db), readSetting(ctx.db, 'settings')]);
  const lists = `${words.map((w) => `${w.id}:${w.category}:${w.action}`).join(',')}|${allow.map((a) => a.id).join(',')}`;
  const previous = runtimeOf(ctx).state;
  const matcher =
    previous?.lists === lists
      ? previous.matcher
      : new WordMatcher(
          words,
          allow.map((a) => a.phrase),
        );
  return { version, lists, matcher, settings: parseSettings(settings) };
}

/** Reloads the lists now: after any load already running, so a change committed during it is read too. */
export function reloadSafety(ctx: ServerContext): Promise<SafetyState> {
  const runtime = runtimeOf(ctx);
  const next = (runtime.loading ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => load(ctx))
    .then((state) => (runtime.state = state));
  runtime.loading = next;
  void next
    .finally(() => {
      if (runtime.loading === next) runtime.loading = undefined;
    })
    .catch(() => undefined);
  return next;
}

/** What a check reads: the lists as last loaded (loaded on first use). */
export async function safetyState(ctx: ServerContext): Promise<SafetyState> {
  const runtime = runtimeOf(ctx);
  return runtime.state ?? (await (runtime.loading ?? reloadSafety(ctx)));
}

/** Runs `work` after the request that started it, logging nothing itself; the server's close waits for it. */
export function inBackground(ctx: ServerContext, work: (log: FastifyBaseLogger) => Promise<void>): void {
  const runtime = runtimeOf(ctx);
  if (!runtime.log) return;
  const running = work(runtime.log).catch((error: unknown) => runtime.log?.error({ err: error }, 'safety background work failed'));
  runtime.background.add(running);
  void running.finally(() => runtime.background.delete(running));
}

/** Starts following changes on this instance; returns the stop, which waits for the background work. */
export function followSafetyChanges(ctx: ServerContext, log: FastifyBaseLogger): () => Promise<void> {
  const runtime = runtimeOf(ctx);
  runtime.log = log;
  const onError = (error: unknown) => log.warn({ err: error }, 'reloading the safety lists failed');
  const poll = async () => {
    const version = await readSetting(ctx.db, 'version');
    if (runtime.state && version !== runtime.state.version) await reloadSafety(ctx);
  };
  const timer = setInterval(() => void poll().catch(onError), POLL_MS).unref();
  const unsubscribe = ctx.coordination.subscribe(CHANGED_CHANNEL, (message) => {
    // This instance reloaded before it published.
    if ((message as { from?: string } | null)?.from !== ctx.generations.instanceId) void reloadSafety(ctx).catch(onError);
  });
  return async () => {
    clearInterval(timer);
    unsubscribe();
    await Promise.all([...runtime.background]);
  };
}

/** After a manager's change: this instance at once, the others through the channel or their poll. */
export async function announceSafetyChange(ctx: ServerContext): Promise<void> {
  await reloadSafety(ctx);
  await ctx.coordination.publish(CHANGED_CHANNEL, { from: ctx.generations.instanceId }).catch(() => undefined);
}
