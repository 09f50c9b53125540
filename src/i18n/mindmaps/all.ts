import type { MindMapCatalogue } from './catalogue'
import { mindMapEnUS } from './en-US'
import { mindMapKoKR } from './ko-KR'
import { mindMapRuRU } from './ru-RU'
import { mindMapZhCN } from './zh-CN'
import { mindMapZhTW } from './zh-TW'

/** The five catalogues by locale, for the small viewer (it loads no shell catalogue). */
export const MIND_MAP_WORDS: Record<string, MindMapCatalogue> = {
  'zh-CN': mindMapZhCN,
  'en-US': mindMapEnUS,
  'zh-TW': mindMapZhTW,
  'ko-KR': mindMapKoKR,
  'ru-RU': mindMapRuRU,
}
