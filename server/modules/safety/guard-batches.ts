// The guard model on a streamed answer: text the word lists let through is
// collected into batches (a sentence, or BATCH_MAX characters when no
// sentence ends) and each batch is asked about once, not each token. The
// guard reads a batch after the tail of what it already passed, so harm
// spread over two sentences is seen whole.

/** A batch shorter than this waits for more text, unless the answer ends. */
const BATCH_MIN = 24;
/** A batch is asked about at this length even without a sentence end. */
const BATCH_MAX = 240;
/** How much of the text already passed the guard reads before a batch. */
const CONTEXT = 160;

const SENTENCE_END = /[。！？；!?;\n]|\.(?=\s)/gu;

export class GuardBatches {
  private pending = '';
  private passed = '';

  /** Takes shown text; returns the batch now due to be asked about ('' while it grows). */
  add(text: string, finished = false): string {
    this.pending += text;
    if (finished) return this.cut(this.pending.length);
    if (this.pending.length < BATCH_MIN) return '';
    let end = 0;
    for (const match of this.pending.matchAll(SENTENCE_END)) end = match.index + match[0].length;
    if (end >= BATCH_MIN) return this.cut(end);
    return this.pending.length >= BATCH_MAX ? this.cut(this.pending.length) : '';
  }

  /** What the guard reads for `batch`: the passed text's tail, then the batch. */
  question(batch: string): string {
    return this.passed.slice(-CONTEXT) + batch;
  }

  /** The batch passed: it becomes context for the next. */
  passedBatch(batch: string): void {
    this.passed = (this.passed + batch).slice(-CONTEXT);
  }

  private cut(end: number): string {
    const batch = this.pending.slice(0, end);
    this.pending = this.pending.slice(end);
    return batch;
  }
}
