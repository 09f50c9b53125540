/**
 * The shared markdown renderer of answers (dialogue, embed panel, share
 * view): sanitized, incremental for streams, with code highlighting and
 * KaTeX loaded only when an answer needs them. See README.md in this folder.
 */
export { MarkdownView, type MarkdownViewProps } from './markdown-view'
export { createMarkdownStream, renderMarkdown, type MarkdownBlock, type MarkdownStream, type MarkdownStreamOptions } from './markdown-stream'
export { markdownCss } from './markdown.css'
export { labelsFor, type MarkdownLabels, type TipKind } from './labels'
export { copyCodeOnClick } from './copy-code'
export { sanitizeHtml } from './sanitize'
export { splitBlocks } from './split-blocks'
export { adoptCss } from './adopt-css'
export { katexCss, loadKatex, setKatexFontBase, installKatexFonts } from './lazy/katex'
export { markdownFeatures, markdownFeaturesSettled, type MarkdownFeatures } from './features'
