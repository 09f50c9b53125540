/**
 * Styles for rendered answers, a string for shadow roots (MarkdownView adopts
 * it into its own root; elements may also include it in their css).
 *
 * Theming: every colour is a custom property, `--zx-md-*` first (e.g.
 * --zx-md-code-bg), then the shared `--zx-*` tokens of theme.css.ts, then a
 * light default. Syntax and tip colours have no shared token, so they follow
 * the inherited `color-scheme` (the host app sets it for dark and auto) via
 * light-dark(), where the browser has it; older ones keep the light palette.
 */

/** name → [light, dark]; each becomes --_md-<name>: var(--zx-md-<name>, …). */
const SCHEME_COLOURS: Record<string, readonly [string, string]> = {
  'hl-keyword': ['#cf222e', '#ff7b72'],
  'hl-string': ['#0a3069', '#a5d6ff'],
  'hl-number': ['#0550ae', '#79c0ff'],
  'hl-comment': ['#6e7781', '#8b949e'],
  'hl-title': ['#8250df', '#d2a8ff'],
  'hl-type': ['#953800', '#ffa657'],
  'hl-attr': ['#0550ae', '#79c0ff'],
  'hl-meta': ['#116329', '#7ee787'],
  'hl-deletion-bg': ['#ffebe9', 'rgba(248, 81, 73, 0.15)'],
  'hl-addition-bg': ['#dafbe1', 'rgba(46, 160, 67, 0.15)'],
  tip: ['#1a7f37', '#3fb950'],
  note: ['#0969da', '#4493f8'],
  important: ['#8250df', '#ab7df8'],
  warning: ['#9a6700', '#d29922'],
  caution: ['#cf222e', '#f85149'],
}

function schemeColours(pick: (pair: readonly [string, string]) => string): string {
  return Object.entries(SCHEME_COLOURS)
    .map(([name, pair]) => `--_md-${name}: var(--zx-md-${name}, ${pick(pair)});`)
    .join('\n  ')
}

export const markdownCss = `
.zx-md {
  --_md-text: var(--zx-md-text, var(--zx-text, #1f2329));
  --_md-muted: var(--zx-md-muted, var(--zx-text-muted, #6b7280));
  --_md-border: var(--zx-md-border, var(--zx-border, #e5e7eb));
  --_md-link: var(--zx-md-link, var(--zx-primary-strong, #0a6f94));
  --_md-code-bg: var(--zx-md-code-bg, var(--zx-bg-subtle, #f5f7fa));
  --_md-code-bar-bg: var(--zx-md-code-bar-bg, var(--zx-bg-hover, rgba(15, 23, 42, 0.05)));
  --_md-inline-code-bg: var(--zx-md-inline-code-bg, rgba(127, 127, 127, 0.14));
  --_md-font-mono: var(--zx-md-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace);
  --_md-radius: var(--zx-md-radius, var(--zx-radius-small, 8px));
  ${schemeColours(([light]) => light)}
  color: var(--_md-text);
  line-height: 1.7;
  overflow-wrap: anywhere;
}
@supports (color: light-dark(#000, #fff)) {
  .zx-md {
  ${schemeColours(([light, dark]) => `light-dark(${light}, ${dark})`)}
  }
}
/* Each block is laid out and painted on its own, and skipped while off
   screen: a streamed delta then lays out the last block, not the whole answer
   (in bench/markdown-stream.ts this took layout from about half of the main
   thread time to almost nothing). Containment stops margins collapsing across
   blocks, so blocks are spaced by their own margins. */
.zx-md-block { content-visibility: auto; contain-intrinsic-size: auto 3em; }
.zx-md-block > :first-child { margin-top: 0; }
.zx-md-block > :last-child { margin-bottom: 0; }
.zx-md-block + .zx-md-block { margin-top: 0.8em; }
/* (Not :has(): restyling on every delta made layout cost ten times more.) */
.zx-md-block + .zx-md-block > :is(h1, h2, h3, h4, h5, h6):first-child { margin-top: 0.6em; }
.zx-md :is(p, ul, ol, blockquote, pre, .zx-md-code, .zx-md-table, .zx-md-tip, details, hr) { margin: 0 0 0.8em; }
.zx-md :is(h1, h2, h3, h4, h5, h6) { margin: 1.2em 0 0.6em; line-height: 1.35; font-weight: 600; }
.zx-md h1 { font-size: 1.5em; }
.zx-md h2 { font-size: 1.3em; }
.zx-md h3 { font-size: 1.15em; }
.zx-md :is(h4, h5, h6) { font-size: 1em; }
/* Markdown headings render one level down (render-block.ts) and look like the level written. */
.zx-md .zx-md-h1 { font-size: 1.5em; }
.zx-md .zx-md-h2 { font-size: 1.3em; }
.zx-md .zx-md-h3 { font-size: 1.15em; }
.zx-md :is(.zx-md-h4, .zx-md-h5, .zx-md-h6) { font-size: 1em; }
.zx-md :is(ul, ol) { padding-left: 1.6em; }
.zx-md li + li, .zx-md li > :is(ul, ol) { margin-top: 0.25em; }
.zx-md li > p { margin: 0 0 0.4em; }
.zx-md li > input[type='checkbox'] { margin: 0 0.4em 0 0; vertical-align: -0.1em; }
.zx-md a { color: var(--_md-link); text-decoration: underline; text-underline-offset: 2px; }
.zx-md a.zx-md-external-image { display: inline-block; padding: 8px 12px; border: 1px dashed var(--_md-border, currentColor); border-radius: 6px; text-decoration: none; font-size: 0.9em; }
.zx-md img { max-width: 100%; height: auto; border-radius: var(--_md-radius); }
.zx-md hr { border: 0; border-top: 1px solid var(--_md-border); }
.zx-md blockquote { padding: 0 0 0 1em; border-left: 3px solid var(--_md-border); color: var(--_md-muted); }
.zx-md :not(pre) > code { padding: 0.1em 0.35em; border-radius: 4px; background: var(--_md-inline-code-bg); font-family: var(--_md-font-mono); font-size: 0.9em; }

.zx-md-code { border-radius: var(--_md-radius); background: var(--_md-code-bg); overflow: hidden; }
.zx-md-code-bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 4px 6px 4px 12px; background: var(--_md-code-bar-bg); color: var(--_md-muted); font-size: 12px; line-height: 20px; }
.zx-md-copy { padding: 2px 8px; border: 0; border-radius: 4px; background: transparent; color: inherit; font: inherit; cursor: pointer; }
.zx-md-copy:hover { background: var(--_md-inline-code-bg); color: var(--_md-text); }
.zx-md-copy:focus-visible { outline: 2px solid var(--_focus, var(--_md-link)); outline-offset: 2px; }
.zx-md .zx-md-code > pre { margin: 0; }
.zx-md pre { padding: 12px; overflow-x: auto; font-family: var(--_md-font-mono); font-size: 13px; line-height: 1.55; tab-size: 4; }
.zx-md pre code { font-family: inherit; overflow-wrap: normal; }

.zx-md-table { overflow-x: auto; }
.zx-md table { border-collapse: collapse; min-width: 50%; font-size: 0.95em; }
.zx-md :is(th, td) { padding: 6px 12px; border: 1px solid var(--_md-border); text-align: left; vertical-align: top; }
.zx-md th { background: var(--_md-code-bg); font-weight: 600; }
.zx-md :is(th, td)[align='center'] { text-align: center; }
.zx-md :is(th, td)[align='right'] { text-align: right; }

.zx-md-tip { --_md-accent: var(--_md-note); padding: 8px 14px; border-left: 4px solid var(--_md-accent); border-radius: 0 var(--_md-radius) var(--_md-radius) 0; background: var(--_md-code-bg); }
.zx-md-tip > :last-child { margin-bottom: 0; }
.zx-md .zx-md-tip-title { margin: 0 0 0.3em; color: var(--_md-accent); font-weight: 600; }
.zx-md-tip-tip { --_md-accent: var(--_md-tip); }
.zx-md-tip-important { --_md-accent: var(--_md-important); }
.zx-md-tip-warning { --_md-accent: var(--_md-warning); }
.zx-md-tip-caution { --_md-accent: var(--_md-caution); }
.zx-md details { padding: 8px 14px; border-radius: var(--_md-radius); background: var(--_md-code-bg); }
.zx-md summary { cursor: pointer; font-weight: 600; }

.zx-md-math-block { overflow-x: auto; overflow-y: hidden; }
.zx-md .katex-display { margin: 0.5em 0; }
.zx-md code.zx-md-tex { background: none; padding: 0; }

.zx-md .hljs-keyword, .zx-md .hljs-selector-tag, .zx-md .hljs-doctag, .zx-md .hljs-template-tag { color: var(--_md-hl-keyword); }
.zx-md .hljs-string, .zx-md .hljs-regexp, .zx-md .hljs-char.escape_ { color: var(--_md-hl-string); }
.zx-md .hljs-number, .zx-md .hljs-literal, .zx-md .hljs-variable, .zx-md .hljs-operator, .zx-md .hljs-symbol { color: var(--_md-hl-number); }
.zx-md .hljs-comment, .zx-md .hljs-quote { color: var(--_md-hl-comment); font-style: italic; }
.zx-md .hljs-title, .zx-md .hljs-section, .zx-md .hljs-title.function_ { color: var(--_md-hl-title); }
.zx-md .hljs-type, .zx-md .hljs-built_in, .zx-md .hljs-title.class_ { color: var(--_md-hl-type); }
.zx-md .hljs-attr, .zx-md .hljs-attribute, .zx-md .hljs-property, .zx-md .hljs-selector-class, .zx-md .hljs-selector-id { color: var(--_md-hl-attr); }
.zx-md .hljs-meta, .zx-md .hljs-name, .zx-md .hljs-tag, .zx-md .hljs-bullet { color: var(--_md-hl-meta); }
.zx-md .hljs-deletion { background: var(--_md-hl-deletion-bg); }
.zx-md .hljs-addition { background: var(--_md-hl-addition-bg); }
.zx-md .hljs-emphasis { font-style: italic; }
.zx-md .hljs-strong { font-weight: 600; }
`
