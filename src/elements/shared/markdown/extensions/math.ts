/**
 * Math in answers: $…$ and \(…\) inline, $$…$$ and \[…\] display, as marked
 * tokens. The renderer only asks `place` for a placeholder; KaTeX runs later
 * (see render-block.ts), after sanitizing, because its HTML needs inline
 * styles that the sanitizer strips from everything else.
 *
 * Own extension rather than marked-katex-extension: that one imports KaTeX
 * eagerly (77 KB gzip in every bundle) and its peer range stops below
 * katex 0.19.
 */
import type { MarkedExtension, Tokens } from 'marked'

export interface MathToken extends Tokens.Generic {
  type: 'math'
  raw: string
  tex: string
  display: boolean
}

/** Returns the placeholder text standing for a formula until it is rendered. */
export type PlaceMath = (tex: string, display: boolean, raw: string) => string

const BLOCK = /^ {0,3}(?:\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\])[ \t]*(?:\n+|$)/
const BLOCK_START = /^ {0,3}(?:\$\$|\\\[)/m
// $…$: no space just inside the dollars and no digit right after the closing
// one, so prices ("$5 and $10", "$5/$6") stay text.
const INLINE = /^(?:\$\$([\s\S]+?)\$\$|\$(?![\s$])((?:\\[\s\S]|[^\\$])+?)(?<![\s\\])\$(?!\d)|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\])/
const INLINE_START = /\$|\\[([]/

/**
 * TeX that is only line breaks and spaces is no formula: `\[\\\]` is an
 * escaped `[`, backslash and `]` (as in a regular expression), not display math.
 */
const isFormula = (tex: string) => tex.replace(/\\\\|\s/g, '') !== ''

export function mathExtension(place: PlaceMath): MarkedExtension {
  return {
    extensions: [
      {
        name: 'math',
        level: 'block',
        start: src => src.match(BLOCK_START)?.index,
        tokenizer(src) {
          const match = BLOCK.exec(src)
          if (!match) return undefined
          const tex = (match[1] ?? match[2] ?? '').trim()
          if (!isFormula(tex)) return undefined
          return { type: 'math', raw: match[0], tex, display: true } satisfies MathToken
        },
        renderer(token) {
          const math = token as MathToken
          return `<p class="zx-md-math-block">${place(math.tex, true, math.raw.trim())}</p>\n`
        },
      },
      {
        name: 'mathInline',
        level: 'inline',
        start: src => src.match(INLINE_START)?.index,
        tokenizer(src) {
          const match = INLINE.exec(src)
          if (!match) return undefined
          const display = match[2] === undefined && match[3] === undefined
          const tex = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim()
          if (!isFormula(tex)) return undefined
          return { type: 'mathInline', raw: match[0], tex, display } as Tokens.Generic
        },
        renderer(token) {
          return place(token.tex as string, token.display as boolean, token.raw)
        },
      },
    ],
  }
}
