import type { MindmapsCatalogue } from './catalogue'
import { mindmapsEnUS } from './en-US'
import { mindmapsKoKR } from './ko-KR'
import { mindmapsRuRU } from './ru-RU'
import { mindmapsZhCN } from './zh-CN'
import { mindmapsZhTW } from './zh-TW'

/** The five catalogues by locale, for the small viewer (it loads no shell catalogue). */
export const MIND_MAP_WORDS: Record<string, MindmapsCatalogue> = {
  'zh-CN': mindmapsZhCN,
  'en-US': mindmapsEnUS,
  'zh-TW': mindmapsZhTW,
  'ko-KR': mindmapsKoKR,
  'ru-RU': mindmapsRuRU,
}
