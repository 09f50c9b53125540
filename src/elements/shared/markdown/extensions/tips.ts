/**
 * Tip blocks, the two ways answers write them:
 *   GitHub alerts      > [!TIP]   (also NOTE, WARNING, IMPORTANT, CAUTION; an optional title may follow)
 *   containers         ::: tip 标题  …  :::   (VuePress style: tip, note/info, warning, important, caution/danger, details)
 * Both render one structure, titled in the reader's language unless the
 * answer gives a title. Own extension rather than marked-alert: that covers
 * alerts only, and we need the containers and localized titles anyway.
 */
import type { MarkedExtension, Token, Tokens } from 'marked'
import type { MarkdownLabels, TipKind } from '../labels-base'

interface TipToken extends Tokens.Generic {
  type: 'tip'
  kind: TipKind | 'details'
  title: Token[] | null
  tokens: Token[]
}

const KINDS: Record<string, TipKind | 'details'> = {
  tip: 'tip',
  hint: 'tip',
  note: 'note',
  info: 'note',
  warning: 'warning',
  warn: 'warning',
  important: 'important',
  caution: 'caution',
  danger: 'caution',
  error: 'caution',
  details: 'details',
}

/** A run of blockquote lines whose first line is `> [!KIND] optional title`. */
const ALERT = /^ {0,3}> ?\[!([A-Za-z]+)\][ \t]*([^\n]*)(?:\n|$)((?: {0,3}>[^\n]*(?:\n|$))*)/
const ALERT_LINE_PREFIX = /^ {0,3}> ?/gm
const CONTAINER_OPEN = /^ {0,3}(:{3,})[ \t]*([A-Za-z]+)[ \t]*([^\n]*)(?:\n|$)/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const START = /^ {0,3}(?::{3}|> ?\[!)/m

/**
 * Where the container opened at the top of `body` closes: the offset of its
 * closing `:::` line and the offset after it, or the end of `body` when it is
 * still open (a streamed answer mid-tip). Nested containers and code fences
 * (which may hold `:::` lines) are skipped.
 */
function containerEnd(body: string): [number, number] {
  let depth = 1
  let fence = ''
  let offset = 0
  while (offset < body.length) {
    const newline = body.indexOf('\n', offset)
    const next = newline === -1 ? body.length : newline + 1
    const line = body.slice(offset, newline === -1 ? body.length : newline)
    const fenceMatch = FENCE.exec(line)
    if (fence) {
      const run = fenceMatch?.[1]
      if (run && run[0] === fence[0] && run.length >= fence.length && line.trim() === run) fence = ''
    } else if (fenceMatch) {
      fence = fenceMatch[1] ?? ''
    } else if (/^ {0,3}:{3,}[ \t]*$/.test(line)) {
      if (--depth === 0) return [offset, next]
    } else if (CONTAINER_OPEN.test(line)) {
      depth++
    }
    offset = next
  }
  return [body.length, body.length]
}

export function tipsExtension(labels: () => MarkdownLabels): MarkedExtension {
  return {
    extensions: [
      {
        name: 'tip',
        level: 'block',
        start: src => src.match(START)?.index,
        tokenizer(src) {
          const alert = ALERT.exec(src)
          if (alert) {
            const [raw, name = '', title = '', text = ''] = alert
            const kind = KINDS[name.toLowerCase()]
            if (!kind || kind === 'details') return undefined
            const body = text.replace(ALERT_LINE_PREFIX, '')
            return {
              type: 'tip',
              raw,
              kind,
              title: title.trim() ? this.lexer.inlineTokens(title.trim()) : null,
              tokens: this.lexer.blockTokens(body, []),
            } satisfies TipToken
          }
          const open = CONTAINER_OPEN.exec(src)
          const kind = open && KINDS[(open[2] ?? '').toLowerCase()]
          if (!open || !kind) return undefined
          const rest = src.slice(open[0].length)
          const [bodyEnd, end] = containerEnd(rest)
          return {
            type: 'tip',
            raw: src.slice(0, open[0].length + end),
            kind,
            title: open[3]?.trim() ? this.lexer.inlineTokens(open[3].trim()) : null,
            tokens: this.lexer.blockTokens(rest.slice(0, bodyEnd), []),
          } satisfies TipToken
        },
        renderer(token) {
          const tip = token as TipToken
          const body = this.parser.parse(tip.tokens)
          const words = labels()
          if (tip.kind === 'details') {
            const summary = tip.title ? this.parser.parseInline(tip.title) : words.details
            return `<details class="zx-md-details"><summary>${summary}</summary>${body}</details>\n`
          }
          const title = tip.title ? this.parser.parseInline(tip.title) : words[tip.kind]
          return `<div class="zx-md-tip zx-md-tip-${tip.kind}" role="note"><p class="zx-md-tip-title">${title}</p>${body}</div>\n`
        },
      },
    ],
  }
}
