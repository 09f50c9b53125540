/**
 * The shared markdown renderer of answers (dialogue, embed panel, share
 * view): sanitized, incremental for streams, with code highlighting and
 * KaTeX loaded only when an answer needs them. See README.md in this folder.
 */
export { MarkdownView, type MarkdownViewProps } from './markdown-view'
export { MarkdownBlocks, type MarkdownBlocksProps } from './markdown-blocks'
export { blocksHtml, createMarkdownStream, renderMarkdown, type MarkdownBlock, type MarkdownStream, type MarkdownStreamOptions } from './markdown-stream'
export { markdownCss } from './markdown.css'
export { labelsFor } from './labels'
export { zhCNLabels, type MarkdownLabels, type TipKind } from './labels-base'
export { copyCodeOnClick } from './copy-code'
export { sanitizeHtml } from './sanitize'
export { splitBlocks } from './split-blocks'
export { adoptCss } from './adopt-css'
export { katexCss, loadKatex, setKatexFontBase, installKatexFonts } from './lazy/katex'
export { markdownFeatures, markdownFeaturesSettled, type MarkdownFeatures } from './features'
