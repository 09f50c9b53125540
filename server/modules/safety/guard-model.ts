// A guard model as the second checker (after the word lists): any configured
// chat model a manager picks, asked through the ordinary provider layer. Two
// reply styles are read: Qwen3Guard ("Safety: Unsafe" / "Categories:
// Violent") and Llama Guard ("unsafe" / "S1"). When the model cannot be
// reached the check fails open or closed as managers chose.
import { completeText } from '../../ai/complete-text.js';
import type { ServerContext } from '../../context.js';

/** A guard answers in one short line or two; it may not hold a question up longer than this. */
const GUARD_TIMEOUT_MS = 8_000;

export type GuardVerdict = { unsafe: false } | { unsafe: true; category: string; label: string };

const QWEN_CATEGORIES: Array<[RegExp, string]> = [
  [/suicide|self-harm/iu, 'self-harm'],
  [/sexual/iu, 'sexual'],
  [/non-violent illegal|illegal|jailbreak/iu, 'illegal'],
  [/violent/iu, 'violence'],
  [/politic/iu, 'politics'],
  [/unethical|hate|insult/iu, 'abuse'],
];

const LLAMA_CATEGORIES: Record<string, string> = {
  S1: 'violence',
  S2: 'illegal',
  S3: 'sexual',
  S4: 'sexual',
  S5: 'abuse',
  S9: 'violence',
  S10: 'abuse',
  S11: 'self-harm',
  S12: 'sexual',
  S13: 'politics',
  S14: 'illegal',
};

/** Reads a guard model's reply (either style); anything else counts as safe. */
export function readGuardReply(reply: string): GuardVerdict {
  const text = reply.trim();
  const qwen = /safety\s*:\s*(safe|unsafe|controversial)/iu.exec(text);
  if (qwen) {
    if (qwen[1]!.toLowerCase() !== 'unsafe') return { unsafe: false };
    const label = /categories\s*:\s*([^\n]+)/iu.exec(text)?.[1]?.trim() ?? '';
    const category = QWEN_CATEGORIES.find(([pattern]) => pattern.test(label))?.[1] ?? 'custom';
    return { unsafe: true, category, label: label || 'Unsafe' };
  }
  const [first, second = ''] = text.split(/\s*\n\s*/u);
  if (first?.toLowerCase() !== 'unsafe') return { unsafe: false };
  const code = /S\d{1,2}/u.exec(second)?.[0] ?? '';
  return { unsafe: true, category: LLAMA_CATEGORIES[code] ?? 'custom', label: code || 'unsafe' };
}

/** Asks the guard model about `text`; throws when it cannot be reached or is not configured. */
export async function askGuard(ctx: ServerContext, model: string, text: string): Promise<GuardVerdict> {
  const resolved = ctx.ai.resolve(model);
  if (!resolved || resolved.provider.kind === 'builtin') throw new Error(`guard model ${model} is not configured`);
  const reply = await completeText(
    resolved.provider,
    { model: resolved.model.name, ...(resolved.version ? { version: resolved.version } : {}), messages: [{ role: 'user', content: text }], temperature: 0 },
    GUARD_TIMEOUT_MS,
  );
  return readGuardReply(reply);
}
