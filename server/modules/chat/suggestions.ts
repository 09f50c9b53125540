// Follow-up questions offered under an answer. A configured model proposes
// them; the offline engine only points back to the sources it quoted, since
// it cannot honestly invent questions.
import { completeText } from '../../ai/complete-text.js';
import type { ModelProvider, ReferencePassage } from '../../ai/types.js';

const MAX_SUGGESTIONS = 3;

/** Pulls a list of questions out of whatever the model wrote (JSON or lines). */
export function parseSuggestions(raw: string): string[] {
  const json = raw.match(/\[[\s\S]*\]/u)?.[0];
  let items: unknown[] = [];
  if (json) {
    try {
      items = JSON.parse(json) as unknown[];
    } catch {
      items = [];
    }
  }
  if (items.length === 0) items = raw.split('\n');
  return items
    .map((item) =>
      String(item)
        .replace(/^\s*(?:[-*•]|\d+[.)、])\s*/u, '')
        .replace(/^["“]|["”,]$/gu, '')
        .trim(),
    )
    .filter((q) => q.length >= 2 && q.length <= 80)
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
