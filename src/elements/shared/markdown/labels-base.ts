/**
 * The few words the renderer writes into answers itself: tip titles and the
 * copy button. They are baked into the block HTML (rendered as strings, away
 * from React). The renderer's core (markdown-blocks.tsx, markdown-stream.ts)
 * takes them whole and knows only zh-CN's; the other languages' tables are in
 * labels.ts, reached through `labelsFor`, so the embed panel, which brings its
 * words in its own lazily loaded language file, does not carry them.
 */

export type TipKind = 'tip' | 'note' | 'warning' | 'important' | 'caution'

export interface MarkdownLabels {
  tip: string
  note: string
  warning: string
  important: string
  caution: string
  /** Summary of a `::: details` container without a title. */
  details: string
  /** The copy button's text and accessible name. */
  copy: string
  /** Shown on the button for a moment after copying. */
  copied: string
  /** Shown when the clipboard refused. */
  copyFailed: string
  /** The placeholder of an image from another site (it loads only when clicked). */
  externalImage: string
}

/** zh-CN, the default everywhere. */
export const zhCNLabels: MarkdownLabels = {
  tip: '提示',
  note: '注意',
  warning: '警告',
  important: '重要',
  caution: '小心',
  details: '详情',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败',
  externalImage: '外部图片，点击后打开',
}
