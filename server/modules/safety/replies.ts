// What a reader gets instead of an answer, in their language: a calm refusal,
// or for a student in crisis a caring reply with the school's counselling
// contact (managers may write their own; the default names the national
// mental-health hotline 12356 of the National Health Commission).
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import type { SafetySettings } from './settings.js';

export const REFUSAL = '这个问题我不能回答。我们换个学习上的话题吧，比如你正在学的课程或技能。';
export const OUTPUT_REFUSAL = '这部分回答不适合显示，已经停止。我们换个学习上的话题吧。';
export const CARING_REPLY =
  '听起来你现在很难受，谢谢你愿意说出来。你并不孤单：请尽快和你信任的老师、辅导员或家人聊一聊。也可以随时拨打全国心理援助热线 12356，那里有专业的人愿意倾听和帮助你。如果你有立即的危险，请拨打 120 或 110。';

/** The guard model could not be reached and managers chose to refuse then. */
export const GUARD_UNAVAILABLE = '内容安全检查暂时不可用，这个问题先不回答，请稍后再试。';

/** The reply to a refused text of `category`. A school's own counselling text is the school's words, never translated. */
export function replyFor(category: string, settings: SafetySettings, locale: ServerLocale, output = false): string {
  if (category === 'self-harm') return settings.counsellingText.trim() || translateMessage(CARING_REPLY, locale);
  if (category === 'guard-unavailable') return translateMessage(GUARD_UNAVAILABLE, locale);
  return translateMessage(output ? OUTPUT_REFUSAL : REFUSAL, locale);
}
