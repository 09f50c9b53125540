/**
 * The only words the script tag's loader shows before the panel loads: the
 * launcher's default name, per locale (the panel's words are in widget-*.ts).
 * Kept to one tiny table because the loader must stay under 3 KB gzip.
 */
export const LAUNCHER_TITLES: Record<string, string> = {
  'zh-CN': 'AI 助手',
  'zh-TW': 'AI 助手',
  'en-US': 'AI assistant',
  'ko-KR': 'AI 도우미',
  'ru-RU': 'ИИ-помощник',
}
