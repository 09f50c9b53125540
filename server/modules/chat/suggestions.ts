// Follow-up questions offered under an answer. A configured model proposes
// them; the offline engine only points back to the sources it quoted, since
// it cannot honestly invent questions.
import { completeText } from '../../ai/complete-text.js';
import type { ModelProvider, ReferencePassage } from '../../ai/types.js';

const MAX_SUGGESTIONS = 3;

/** A quoted string in a list that is not quite JSON: "…", '…' or “…” (an unclosed last one is left out). */
const QUOTED = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|“([^”\n]*)”/gu;

function jsonList(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Pulls a list of questions out of whatever the model wrote: a JSON array
 * (fenced or not), a list that is not quite JSON (single quotes, cut off),
 * or lines. A fence or a bracket is never offered as a question.
 */
export function parseSuggestions(raw: string): string[] {
  const open = raw.indexOf('[');
  let items: unknown[] = open >= 0 ? jsonList(raw.slice(open, raw.lastIndexOf(']') + 1)) : [];
  if (items.length === 0 && open >= 0) items = [...raw.slice(open).matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? m[3]);
  if (items.length === 0) items = raw.split('\n').filter((line) => !/^\s*```/u.test(line));
  return items
    .map((item) =>
      String(item)
        .replace(/^\s*(?:[-*•]|\d+[.)、])\s*/u, '')
        .replace(/^["“]|["”,]$/gu, '')
        .trim(),
    )
    .filter((q) => q.length >= 2 && q.length <= 80 && /\p{L}/u.test(q) && !/^[[{]|[\]}]$/u.test(q))
    .slice(0, MAX_SUGGESTIONS);
}

export async function suggestQuestions(
  provider: ModelProvider,
  model: string,
  version: string | undefined,
  question: string,
  answer: string,
  references: ReferencePassage[],
): Promise<string[]> {
  if (provider.kind === 'builtin') {
    const names = [...new Set(references.map((r) => r.documentName))].slice(0, MAX_SUGGESTIONS);
    const zh = /[\u3400-\u9fff]/u.test(question);
    return names.map((name) => (zh ? `《${name}》里还讲了哪些相关内容？` : `What else does "${name}" say about this?`));
  }
  const raw = await completeText(
    provider,
    {
      model,
      version,
      temperature: 0.7,
      messages: [
        {
          role: 'system',
          content: '根据对话，提出用户接下来最可能想问的3个简短问题。只输出 JSON 字符串数组，例如 ["问题一","问题二","问题三"]。问题语言与用户提问一致。',
        },
        { role: 'user', content: `用户提问：${question.slice(0, 1_000)}\n\n回答：${answer.slice(0, 2_000)}` },
      ],
    },
    15_000,
  );
  return parseSuggestions(raw);
}
