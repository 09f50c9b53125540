// Answers come from a model that may repeat anything a user or a web page fed
// it: every payload must render inert, in the real DOM, streamed or not.
import { expect } from '@open-wc/testing'
import { blocksHtml, createMarkdownStream, renderMarkdown, markdownFeaturesSettled } from '../../../src/elements/shared/markdown/index'
import { mountMarkdown } from './mount'

declare global {
  interface Window {
    __xss?: number
  }
}

const RUN = 'window.__xss=1'
const PAYLOADS = [
  `<img src=x onerror="${RUN}">`,
  `<script>${RUN}</script>`,
  `<scr<script>ipt>${RUN}</script>`,
  `[click](javascript:${RUN})`,
  `[click](JaVaScRiPt:${RUN})`,
  `[click](jav&#x61;script:${RUN})`,
  `[click](&#106;avascript&#58;${RUN})`,
  `[click](javascript&colon;${RUN})`,
  `[click]( javascript:${RUN})`,
  `<a href="javascript:${RUN}">click</a>`,
  `<a href="&#x6A;avascript&#x3A;${RUN}">click</a>`,
  `<a href="data:text/html,<script>${RUN}</script>">click</a>`,
  `![x](javascript:${RUN})`,
  `[x](https://example.com "\\" onmouseover=\\"${RUN}")`,
  `<svg onload="${RUN}"><circle r="5"/></svg>`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><a xlink:href="javascript:${RUN}"><text y="20">x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<details open ontoggle="${RUN}"><summary>x</summary></details>`,
  `<input autofocus onfocus="${RUN}">`,
  `<form action="javascript:${RUN}"><button>send</button></form>`,
  `<video><source onerror="${RUN}"></video>`,
  `<body onload="${RUN}">`,
  `<style>@import "javascript:${RUN}"; * { display: none }</style>`,
  `<div style="position:fixed;inset:0;background:red">overlay</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  '```js" onmouseover="' + RUN + '\ncode\n```',
  `> [!TIP] <img src=x onerror="${RUN}">\n> body`,
  `::: warning <img src=x onerror="${RUN}">\nbody\n:::`,
  `$\\href{javascript:${RUN}}{x}$`,
  `$$\\htmlClass{x}{y} \\url{javascript:${RUN}}$$`,
  `$<img src=x onerror="${RUN}">$`,
  // A forged math placeholder (private-use characters) must stay text.
  `&#xE000;0&#xE001; \uE0000\uE001 $x$`,
  `| a |\n| - |\n| <img src=x onerror="${RUN}"> |`,
  `- [ ] <input type="text" onfocus="${RUN}" value="x">`,
]

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc']

/** Everything that could run script or escape the answer's box, listed for the assertion message. */
function dangers(root: ParentNode): string[] {
  const found: string[] = []
  for (const el of root.querySelectorAll('*')) {
    const tag = el.localName
    if (['script', 'iframe', 'object', 'embed', 'style', 'form', 'base', 'meta', 'link', 'svg'].includes(tag)) found.push(`<${tag}>`)
    if (tag === 'math' && !el.closest('.katex')) found.push('<math> outside KaTeX')
    for (const attr of el.attributes) {
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters in a URL scheme; so must the check
      const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase()
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`)
      if (URL_ATTRIBUTES.includes(attr.name) && /^(javascript|vbscript|data:text)/.test(value)) found.push(`${tag}[${attr.name}=${attr.value}]`)
      // KaTeX's own output (formulas and its error spans) is the one place styles are allowed.
      if (attr.name === 'style' && !el.closest('.katex, .katex-error')) found.push(`${tag}[style]`)
    }
    if (tag === 'input' && !(el.getAttribute('type') === 'checkbox' && el.hasAttribute('disabled'))) found.push('enabled <input>')
  }
  return found
}

function parse(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describe('XSS payloads in answers', () => {
  before(async () => {
    renderMarkdown(PAYLOADS.join('\n\n'))
    await markdownFeaturesSettled()
  })
  beforeEach(() => delete window.__xss)

  for (const payload of PAYLOADS) {
    it(`renders inert: ${payload.slice(0, 70)}`, async () => {
      const mounted = mountMarkdown({ text: payload })
      try {
        // Give error and load handlers, focus and toggle events time to fire.
        await pause(50)
        for (const el of mounted.shadow.querySelectorAll('*')) el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
        await pause(20)
        expect(dangers(mounted.shadow), mounted.view().innerHTML).to.deep.equal([])
        expect(window.__xss, 'script ran').to.equal(undefined)
        for (const a of mounted.shadow.querySelectorAll('a[href]')) {
          expect(a.getAttribute('target')).to.equal('_blank')
          expect(a.getAttribute('rel')).to.equal('noopener noreferrer')
        }
      } finally {
        mounted.unmount()
      }
    })
  }

  it('stays inert at every step of a payload streamed one character at a time', () => {
    const text = PAYLOADS.join('\n\n')
    const stream = createMarkdownStream()
    for (let at = 1; at <= text.length; at++) {
      const html = blocksHtml(stream.update(text.slice(0, at), at === text.length))
      const found = dangers(parse(html))
      if (found.length) expect(found, `after ${at} characters`).to.deep.equal([])
    }
  })

  it('has a checker that does flag raw payloads (so the tests above can fail)', () => {
    expect(dangers(parse('<img src=x onerror="x"><a href="java\tscript:x">x</a><p style="color:red">'))).to.have.length(3)
  })

  it('shows forged placeholders and escaped HTML as text', () => {
    const mounted = mountMarkdown({ text: '&#xE000;0&#xE001; and &lt;b&gt;not bold&lt;/b&gt;' })
    try {
      expect(mounted.view().textContent).to.contain('<b>not bold</b>')
      expect(mounted.shadow.querySelector('b')).to.equal(null)
      expect(mounted.shadow.querySelector('.katex')).to.equal(null)
    } finally {
      mounted.unmount()
    }
  })
})
