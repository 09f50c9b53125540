/**
 * The explicit label of AI-generated text (《人工智能生成合成内容标识办法》,
 * GB 45438-2025), in the five languages. A table of its own: the mind map
 * viewer and exports read it without loading a shell catalogue.
 */
const AI_LABELS: Record<string, string> = {
  'zh-CN': '人工智能生成',
  'en-US': 'AI-generated',
  'zh-TW': '人工智慧生成',
  'ko-KR': 'AI 생성',
  'ru-RU': 'Создано ИИ',
}

/** The label in `locale` (zh-CN when the language is not one of ours). */
export function aiLabel(locale: string): string {
  return AI_LABELS[locale] ?? AI_LABELS['zh-CN']!
}
