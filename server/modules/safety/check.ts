// The input check every path calls before a model is asked (DESIGN §4),
// checkers in order: the school's word lists over the normalised text, then
// the guard model if managers chose one, then the cloud moderation service
// if it is configured and switched on (screens.ts). A block word refuses, a review word
// lets the text through and records it, a self-harm hit answers with care
// and alerts staff. Student answers sent for AI grading are only flagged
// (mode 'flag'): a grade is never withheld because of a word.
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { DEFAULT_LOCALE, type ServerLocale } from '../../i18n/locales.js';
import { raiseAlert } from './alerts.js';
import { excerptOf, recordEvent, type SafetySource } from './events.js';
import type { CloudVerdict } from './aliyun-moderation.js';
import { normalise } from './normalise.js';
import { replyFor } from './replies.js';
import { safetyState } from './runtime.js';
import { screensFor } from './screens.js';
import type { SafetySettings } from './settings.js';

export interface CheckRequest {
  text: string;
  /** Who wrote it (null: nobody signed in). */
  userId: string | null;
  /** The path it came by (a function: worked out only when something matched). */
  source: SafetySource | (() => Promise<SafetySource>);
  locale: ServerLocale;
  /** refuse (default) or flag: record only, never refuse. */
  mode?: 'refuse' | 'flag';
  messageId?: string | null;
}

export type SafetyVerdict =
  | { outcome: 'pass' }
  /** `reply`: what the reader is shown instead of an answer, in their language. */
  | { outcome: 'refuse'; category: string; reply: string };

export const PASS: SafetyVerdict = { outcome: 'pass' };

interface Hit {
  category: string;
  matched: string;
  action: 'block' | 'review';
  excerpt: string;
}

export async function checkInput(ctx: ServerContext, request: CheckRequest): Promise<SafetyVerdict> {
  if (!request.text.trim()) return PASS;
  const { matcher, settings } = await safetyState(ctx);
  const normalised = normalise(request.text);
  const [word] = matcher.hits(normalised.text);
  if (word) {
    const start = normalised.originOf(word.start);
    const end = normalised.originOf(word.end - 1) + 1;
    return decide(ctx, request, settings, {
      category: word.word.category,
      matched: word.word.word,
      action: word.word.action,
      excerpt: excerptOf(request.text, start, end),
    });
  }
  const excerpt = excerptOf(request.text, 0, Math.min(request.text.length, 80));
  for (const screen of screensFor(ctx, settings)) {
    let verdict: CloudVerdict;
    try {
      verdict = await screen.ask(request.text, 'input');
    } catch {
      // Fails as managers chose, and says so: the record names the checker as unavailable.
      const action = screen.failClosed ? 'block' : 'review';
      const outcome = await decide(ctx, request, settings, { category: 'custom', matched: screen.unavailable, action, excerpt });
      if (outcome.outcome === 'refuse') return { ...outcome, reply: replyFor('guard-unavailable', settings, request.locale) };
      continue;
    }
    if (verdict.unsafe)
      return decide(ctx, request, settings, { category: verdict.category, matched: `${screen.name}: ${verdict.label}`, action: 'block', excerpt });
    if ('review' in verdict) {
      const outcome = await decide(ctx, request, settings, {
        ...verdict.review,
        matched: `${screen.name}: ${verdict.review.label}`,
        action: 'review',
        excerpt,
      });
      if (outcome.outcome === 'refuse') return outcome;
    }
  }
  return PASS;
}

async function decide(ctx: ServerContext, request: CheckRequest, settings: SafetySettings, hit: Hit): Promise<SafetyVerdict> {
  const selfHarm = hit.category === 'self-harm';
  const action = request.mode === 'flag' ? 'flag' : selfHarm ? 'care' : hit.action;
  const eventId = await recordEvent(ctx, {
    category: hit.category,
    source: typeof request.source === 'function' ? await request.source() : request.source,
    direction: 'input',
    userId: request.userId,
    excerpt: hit.excerpt,
    matched: hit.matched,
    action,
    messageId: request.messageId ?? null,
  });
  if (selfHarm && request.userId) await raiseAlert(ctx, { eventId, userId: request.userId, category: hit.category, excerpt: hit.excerpt });
  if (action === 'review' || action === 'flag') return PASS;
  return { outcome: 'refuse', category: hit.category, reply: replyFor(hit.category, settings, request.locale) };
}

/**
 * The input check for a path that answers with a plain reply rather than a
 * saved answer (mind map, image and video prompts, question writing,
 * sharing): a refusal is a 400 whose message (the server's zh-CN sentence,
 * translated on the way out, or the school's own counselling text) is what
 * the reader is shown, with `data: {reason: 'blocked', category}`.
 */
export async function requireSafe(ctx: ServerContext, request: Omit<CheckRequest, 'locale' | 'mode'>): Promise<void> {
  const verdict = await checkInput(ctx, { ...request, locale: DEFAULT_LOCALE });
  if (verdict.outcome === 'refuse') throw new ApiError(400, verdict.reply, {}, 400, { reason: 'blocked', category: verdict.category });
}
