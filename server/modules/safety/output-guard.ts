// The output check as an answer streams (DESIGN §4): the last (longest listed
// word − 1) normalised characters are held back, so a listed word is never
// shown, even split across deltas or spread with spaces and punctuation. On a
// hit the provider call is aborted and the answer ends as the refusal; what
// the model wrote is kept on the event, for managers only. A hit that an
// allowlisted phrase could still excuse (the phrase not complete yet) holds
// the text from its start until it is decided. With a guard model or the
// cloud service on, what the word lists let through is also held a sentence
// at a time and shown once they pass it (guard-batches.ts, screens.ts).
import type { ServerContext } from '../../context.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { excerptOf, recordEvent, type NewEvent, type SafetySource } from './events.js';
import { GuardBatches } from './guard-batches.js';
import type { CloudVerdict } from './aliyun-moderation.js';
import type { WordHit, WordMatcher } from './matcher.js';
import { Normaliser } from './normalise.js';
import { replyFor } from './replies.js';
import { safetyState } from './runtime.js';
import { type Screen, screensFor } from './screens.js';

export interface OutputContext {
  userId: string | null;
  source: SafetySource | (() => Promise<SafetySource>);
  locale: ServerLocale;
  messageId: string | null;
}

/** A hit that ended the answer: what the reader is shown instead. */
export interface OutputBlock {
  category: string;
  reply: string;
}

/** Decides what of a growing text may be shown (no I/O: output-guard's stream and the bench drive it). */
export class HeldText {
  readonly raw: string[] = [];
  private rawText = '';
  private readonly normalised = new Normaliser(false);
  /**
   * The end of the normalised text, from `windowStart`: all a scan needs (a
   * whole answer's text, re-read on every delta, would cost its length each time).
   */
  private window = '';
  private windowStart = 0;
  private shown = 0;
  private undecidedFrom: number | undefined;
  private readonly reviewed = new Set<number>();
  /** Review words met (recorded, not blocking). */
  readonly reviews: WordHit[] = [];
  hit: WordHit | undefined;

  constructor(private readonly matcher: WordMatcher) {}

  /** The text the model wrote so far. */
  get written(): string {
    return this.rawText;
  }

  /** Reads a delta; returns the part now safe to show ('' while held or once hit). */
  take(delta: string, finished = false): string {
    if (this.hit) return '';
    const before = this.normalised.length;
    this.rawText += delta;
    this.window += this.normalised.push(delta);
    const length = this.normalised.length;
    const { longestWord, longestAllow } = this.matcher;
    let scanFrom = Math.max(0, before - longestWord + 1);
    const pending = this.undecidedFrom !== undefined;
    if (pending) scanFrom = Math.min(scanFrom, this.undecidedFrom!);
    this.undecidedFrom = undefined;
    if (
      longestWord > 0 &&
      length > scanFrom &&
      (pending || finished || this.matcher.mayEndIn(this.window, before - this.windowStart, length - this.windowStart))
    ) {
      for (const found of this.matcher.hits(this.window, scanFrom - this.windowStart)) {
        const hit = { ...found, start: found.start + this.windowStart, end: found.end + this.windowStart };
        const decided = finished || hit.start + longestAllow <= length;
        if (!decided) {
          this.undecidedFrom = Math.min(this.undecidedFrom ?? hit.start, hit.start);
        } else if (hit.word.action === 'review') {
          if (!this.reviewed.has(hit.start)) this.reviews.push(hit);
          this.reviewed.add(hit.start);
        } else {
          this.hit = hit;
          return '';
        }
      }
    }
    this.trimWindow(scanFrom);
    // At most the last (longest word − 1) characters are held: only those that could begin a listed word.
    let safe = finished ? length : this.windowStart + this.matcher.heldFrom(this.window);
    if (this.undecidedFrom !== undefined) safe = Math.min(safe, this.undecidedFrom);
    const end = safe >= length ? this.rawText.length : this.normalised.originOf(Math.max(0, safe));
    if (end <= this.shown) return '';
    const out = this.rawText.slice(this.shown, end);
    this.shown = end;
    return out;
  }

  /** Keeps what the next scan can reach: a word ending later, and the allowlisted phrases that could cover it. */
  private trimWindow(scannedFrom: number): void {
    const { longestWord, longestAllow } = this.matcher;
    const keep = Math.min(scannedFrom, this.normalised.length - longestWord, this.undecidedFrom ?? Infinity) - longestAllow;
    if (keep - this.windowStart < WINDOW_SLACK) return;
    this.window = this.window.slice(keep - this.windowStart);
    this.windowStart = keep;
  }

  /** Where a hit lies in the original text. */
  span(hit: WordHit): { start: number; end: number } {
    return { start: this.normalised.originOf(hit.start), end: this.normalised.originOf(hit.end - 1) + 1 };
  }
}

type Event = { type: string; text?: string };

/** Characters the window may grow past what it must keep before it is cut (one cut per this many, not per delta). */
const WINDOW_SLACK = 256;

export class OutputGuard {
  /** Stops the provider call: the answer's own controller once `bind` has it (no controller of the guard's own: one per answer). */
  private stopModel: () => void = () => {};
  private readonly held: HeldText;
  /** A thinking model's reasoning is shown to the reader too (folded), so it is held and checked the same way. */
  private readonly thinking: HeldText;
  /** Reasoning text came since the answer text last did: its held tail is released when the answer resumes. */
  private thinkingOpen = false;
  /** The guard model's batches of the answer and of the reasoning (none without a guard model). */
  private readonly answerBatches = new GuardBatches();
  private readonly thinkingBatches = new GuardBatches();
  /** Checkers that could not be reached and managers chose to let the answer through: recorded once, asked no more. */
  private readonly missed = new Set<Screen['name']>();
  block: OutputBlock | undefined;

  constructor(
    private readonly ctx: ServerContext,
    matcher: WordMatcher,
    private readonly at: OutputContext,
    private readonly screens: Screen[],
    private readonly reply: (category: string) => string,
  ) {
    this.held = new HeldText(matcher);
    this.thinking = new HeldText(matcher);
  }

  /**
   * Takes the answer's controller, which a hit aborts as stop and shutdown do; the
   * answer tells a hit from a stop by `block`. Returns the provider's signal.
   */
  bind(controller: AbortController): AbortSignal {
    this.stopModel = () => controller.abort();
    return controller.signal;
  }

  /** The provider's events with every text delta held back and checked; ends early on a hit. */
  async *pass<E extends Event>(events: AsyncIterable<E>): AsyncGenerator<E> {
    try {
      for await (const event of events) {
        if (event.type === 'reasoning' && typeof event.text === 'string') {
          this.thinkingOpen = true;
          const shown = this.thinking.take(event.text);
          if (this.thinking.hit) return await this.blocked(this.thinking);
          const passed = await this.screened(this.thinkingBatches, shown);
          if (passed === null) return;
          if (passed) yield { ...event, text: passed };
          continue;
        }
        if (event.type !== 'delta' || typeof event.text !== 'string') {
          yield event;
          continue;
        }
        // The answer begins: the reasoning's held tail is checked and shown before it.
        const thought = await this.endThinking();
        if (thought === null) return;
        if (thought) yield { type: 'reasoning', text: thought } as E;
        const shown = this.held.take(event.text);
        if (this.held.hit) return await this.blocked(this.held);
        const passed = await this.screened(this.answerBatches, shown);
        if (passed === null) return;
        if (passed) yield { ...event, text: passed };
      }
    } catch (error) {
      // A failed or stopped answer keeps its partial text: the tail held back is released once checked.
      const thought = await this.endThinking();
      const rest = thought === null ? null : await this.rest();
      if (thought) yield { type: 'reasoning', text: thought } as E;
      if (rest) yield { type: 'delta', text: rest } as E;
      throw error;
    }
    const thought = await this.endThinking();
    if (thought === null) return;
    if (thought) yield { type: 'reasoning', text: thought } as E;
    const rest = await this.rest();
    if (rest === null) return;
    await this.recordReviews(this.thinking);
    await this.recordReviews(this.held);
    if (rest) yield { type: 'delta', text: rest } as E;
  }

  /** The answer's last held characters, checked by both checkers (null: blocked). */
  private async rest(): Promise<string | null> {
    const rest = this.held.take('', true);
    if (this.held.hit) {
      await this.blocked(this.held);
      return null;
    }
    return this.screened(this.answerBatches, rest, true);
  }

  /**
   * What of `shown` the guard model and the cloud service have passed: ''
   * while a batch grows, null when one blocked (the answer is over). Without
   * them, all of it.
   */
  private async screened(batches: GuardBatches, shown: string, finished = false): Promise<string | null> {
    const live = this.screens.filter((screen) => !this.missed.has(screen.name));
    if (live.length === 0) return this.screens.length ? batches.add(shown, true) : shown;
    const batch = batches.add(shown, finished);
    if (!batch.trim()) return batch;
    const excerpt = excerptOf(batch, 0, Math.min(batch.length, 80));
    for (const screen of live) {
      let verdict: CloudVerdict;
      try {
        verdict = await screen.ask(batches.question(batch), 'output');
      } catch {
        // Fails as managers chose, and says so in the records; let through, the rest of the answer is not held for it.
        const event = { category: 'custom', matched: screen.unavailable, excerpt };
        if (screen.failClosed) {
          await this.stop(event, this.writtenFor(batches), this.reply('guard-unavailable'));
          return null;
        }
        this.missed.add(screen.name);
        await this.record({ ...event, action: 'review' });
        continue;
      }
      if (verdict.unsafe) {
        await this.stop({ category: verdict.category, matched: `${screen.name}: ${verdict.label}`, excerpt }, this.writtenFor(batches));
        return null;
      }
      if ('review' in verdict)
        await this.record({ category: verdict.review.category, matched: `${screen.name}: ${verdict.review.label}`, excerpt, action: 'review' });
    }
    batches.passedBatch(batch);
    return this.screens.every((screen) => this.missed.has(screen.name)) ? batch + batches.add('', true) : batch;
  }

  /** What the model wrote of the text `batches` collects (the answer or the reasoning). */
  private writtenFor(batches: GuardBatches): string {
    return batches === this.answerBatches ? this.held.written : this.thinking.written;
  }

  private async record(event: Pick<NewEvent, 'category' | 'matched' | 'excerpt' | 'action' | 'modelText'>): Promise<void> {
    await recordEvent(this.ctx, { ...event, source: await this.source(), direction: 'output', userId: this.at.userId, messageId: this.at.messageId });
  }

  /** The reasoning's last held characters, checked, once the answer text resumes or the stream ends (null: blocked). */
  private async endThinking(): Promise<string | null> {
    if (!this.thinkingOpen) return '';
    this.thinkingOpen = false;
    const thought = this.thinking.take('', true);
    if (this.thinking.hit) {
      await this.blocked(this.thinking);
      return null;
    }
    return this.screened(this.thinkingBatches, thought, true);
  }

  private async blocked(held: HeldText): Promise<void> {
    const hit = held.hit!;
    const { start, end } = held.span(hit);
    await this.stop({ category: hit.word.category, matched: hit.word.word, excerpt: excerptOf(held.written, start, end) }, held.written);
  }

  /** Ends the answer: the provider call is stopped, the reader gets the refusal, managers the record with what the model wrote. */
  private async stop(hit: Pick<NewEvent, 'category' | 'matched' | 'excerpt'>, written: string, reply = this.reply(hit.category)): Promise<void> {
    this.block = { category: hit.category, reply };
    this.stopModel();
    await this.record({ ...hit, action: 'block', modelText: written });
  }

  private async source(): Promise<SafetySource> {
    return typeof this.at.source === 'function' ? this.at.source() : this.at.source;
  }

  private async recordReviews(held: HeldText): Promise<void> {
    const written = held.written;
    for (const hit of held.reviews) {
      const { start, end } = held.span(hit);
      await this.record({ category: hit.word.category, excerpt: excerptOf(written, start, end), matched: hit.word.word, action: 'review' });
    }
  }
}

/** The guard for one answer, or null when managers turned the output check off or nothing would check it. */
export async function outputGuard(ctx: ServerContext, at: OutputContext): Promise<OutputGuard | null> {
  const { matcher, settings } = await safetyState(ctx);
  const screens = screensFor(ctx, settings);
  if (!settings.outputCheck || (matcher.size === 0 && screens.length === 0)) return null;
  return new OutputGuard(ctx, matcher, at, screens, (category) => replyFor(category, settings, at.locale, true));
}
