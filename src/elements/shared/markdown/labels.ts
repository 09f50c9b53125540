/**
 * The renderer's words in every language the product speaks (see
 * labels-base.ts for what they are), picked by locale.
 */
import { zhCNLabels as ZH_CN, type MarkdownLabels } from './labels-base'

export type { MarkdownLabels, TipKind } from './labels-base'
const ZH_TW: MarkdownLabels = {
  tip: '提示',
  note: '注意',
  warning: '警告',
  important: '重要',
  caution: '小心',
  details: '詳情',
  copy: '複製',
  copied: '已複製',
  copyFailed: '複製失敗',
  externalImage: '外部圖片，點擊後開啟',
}
const EN_US: MarkdownLabels = {
  tip: 'Tip',
  note: 'Note',
  warning: 'Warning',
  important: 'Important',
  caution: 'Caution',
  details: 'Details',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  externalImage: 'Image from another site, click to open',
}
const KO_KR: MarkdownLabels = {
  tip: '팁',
  note: '참고',
  warning: '경고',
  important: '중요',
  caution: '주의',
  details: '자세히',
  copy: '복사',
  copied: '복사됨',
  copyFailed: '복사 실패',
  externalImage: '외부 이미지, 클릭하면 열립니다',
}
const RU_RU: MarkdownLabels = {
  tip: 'Совет',
  note: 'Примечание',
  warning: 'Предупреждение',
  important: 'Важно',
  caution: 'Осторожно',
  details: 'Подробнее',
  copy: 'Копировать',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать',
  externalImage: 'Изображение с другого сайта, откроется по щелчку',
}

const BY_LANGUAGE: Record<string, MarkdownLabels> = { zh: ZH_CN, en: EN_US, ko: KO_KR, ru: RU_RU }

/** Labels for a BCP 47 locale; zh-TW/zh-HK/zh-Hant get traditional Chinese, unknown locales English. */
export function labelsFor(locale = 'zh-CN', overrides?: Partial<MarkdownLabels>): MarkdownLabels {
  const lower = locale.toLowerCase()
  const base = /^zh-(tw|hk|mo|hant)/.test(lower) ? ZH_TW : (BY_LANGUAGE[lower.split('-', 1)[0] ?? ''] ?? EN_US)
  return overrides ? { ...base, ...overrides } : base
}
