// A chat's title from its first exchange: the model names it when one is
// configured; otherwise (or when naming fails) the question's opening words,
// or for a question of pictures alone the default name in the asker's
// language. Once stored a title is the chat's own (its owner may rename it),
// so the default is written in the asker's language rather than translated
// for each reader.
import { completeText } from '../../ai/complete-text.js';
import type { ModelProvider } from '../../ai/types.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';

const MAX_TITLE_CHARS = 30;

/** The name of a chat whose question has no words (pictures alone). */
export const UNTITLED_CHAT = '新对话';

export function titleFromQuestion(question: string, locale: ServerLocale): string {
  const flat = question.replace(/\s+/gu, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length === 0) return translateMessage(UNTITLED_CHAT, locale);
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : flat;
}

function cleanTitle(raw: string): string {
  const firstLine = raw.split('\n').find((l) => l.trim()) ?? '';
  return Array.from(firstLine.replace(/^["'“「《#*\s]+|["'”」》*。.\s]+$/gu, '').trim())
    .slice(0, MAX_TITLE_CHARS)
    .join('');
}

export async function makeTitle(
  provider: ModelProvider,
  model: string,
  version: string | undefined,
  question: string,
  answer: string,
  locale: ServerLocale,
): Promise<string> {
  const fallback = titleFromQuestion(question, locale);
  if (provider.kind === 'builtin') return fallback;
  try {
    const raw = await completeText(
      provider,
      {
        model,
        version,
        messages: [
          {
            role: 'system',
            content: '你为对话起标题。只输出标题本身：不超过12个字（英文对话不超过6个词），不要标点、引号或解释。标题语言与用户提问的语言一致。',
          },
          { role: 'user', content: `用户提问：${question.slice(0, 500)}\n\n回答：${answer.slice(0, 500)}` },
        ],
      },
      10_000,
    );
    return cleanTitle(raw) || fallback;
  } catch {
    return fallback;
  }
}
