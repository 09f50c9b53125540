// highlight.js and KaTeX are heavy (8.6 KB + languages, 80 KB gzip): they
// must load only when an answer contains code or math, and the answer must
// update by itself when they arrive. Runs in its own page, so the module
// state starts empty; the tests depend on their order.
import { expect, waitUntil } from '@open-wc/testing'
import { installKatexFonts, markdownFeatures, markdownFeaturesSettled, renderMarkdown, setKatexFontBase } from '../../../src/elements/shared/markdown/index'
import { mountMarkdown } from './mount'
import { nth } from '../support/nth'

const PLAIN = `# 普通回答

这是一段**没有代码**也没有公式的回答，价格是 $5 到 $10，\`inline code\` 不算代码块。

- 列表项
- [ ] 任务

| a | b |
| - | - |
| 1 | 2 |

> [!NOTE]
> 提示块也不需要它们。
`

/** Module URLs the page has fetched that mention `name`. */
const fetched = (name: string) =>
  performance
    .getEntriesByType('resource')
    .filter(entry => entry.name.includes(name))
    .map(entry => entry.name)

describe('lazily loaded highlighting and math', () => {
  it('loads neither highlight.js nor KaTeX for plain text', async () => {
    const mounted = mountMarkdown({ text: PLAIN })
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(markdownFeatures()).to.deep.equal({ highlight: { requested: false, languages: [] }, katex: { requested: false, ready: false } })
    expect(fetched('/node_modules/highlight.js/')).to.deep.equal([])
    expect(fetched('/node_modules/katex/')).to.deep.equal([])
    expect(fetched('katex-css.generated')).to.deep.equal([])
    expect(mounted.view().textContent).to.contain('价格是 $5 到 $10')
    mounted.unmount()
  })

  it('does not load highlight.js for code in a language it does not know', async () => {
    renderMarkdown('```gcode\nG00 X0\n```')
    expect(markdownFeatures().highlight.requested).to.equal(false)
  })

  it('loads highlight.js and only the language seen when code appears, and re-renders the block', async () => {
    const mounted = mountMarkdown({ text: '代码：\n\n```python\ndef f(x):\n    return x\n```\n' })
    expect(markdownFeatures().highlight.requested).to.equal(true)
    // Until it arrives the code shows plain.
    expect(mounted.shadow.querySelector('code')!.textContent).to.equal('def f(x):\n    return x')
    await waitUntil(
      () => mounted.shadow.querySelector('.hljs-keyword'),
      'highlighting never arrived (does the test runner convert highlight.js/lib/core.js from CommonJS? see ./web-test-runner.config.mjs)',
      // Three modules on a cold test server: the core, the language table and the language.
      { timeout: 5000 },
    )
    expect(markdownFeatures().highlight.languages).to.deep.equal(['python'])
    expect(fetched('languages/python')).to.have.length(1)
    expect(fetched('languages/javascript')).to.deep.equal([])
    expect(markdownFeatures().katex.requested).to.equal(false)
    mounted.unmount()
  })

  it('loads KaTeX when math appears, shows the TeX until then, and puts its CSS into the shadow root', async () => {
    const mounted = mountMarkdown({ text: '勾股定理 $a^2+b^2=c^2$。' })
    expect(markdownFeatures().katex.requested).to.equal(true)
    expect(mounted.shadow.querySelector('code.zx-md-tex')!.textContent).to.equal('$a^2+b^2=c^2$')
    await waitUntil(() => mounted.shadow.querySelector('.katex'), 'KaTeX never arrived')
    expect(mounted.shadow.querySelector('code.zx-md-tex')).to.equal(null)
    await waitUntil(
      () => mounted.shadow.adoptedStyleSheets.some(sheet => [...sheet.cssRules].some(rule => rule.cssText.startsWith('.katex '))),
      'KaTeX CSS not adopted into the shadow root',
    )
    // The markdown styles are there too, and KaTeX's fonts are not declared (no font base set).
    expect(mounted.shadow.adoptedStyleSheets.some(sheet => [...sheet.cssRules].some(rule => rule.cssText.startsWith('.zx-md ')))).to.equal(true)
    expect(document.adoptedStyleSheets).to.have.length(0)
    mounted.unmount()
  })

  it('declares KaTeX fonts in the document once a font base is set', async () => {
    await markdownFeaturesSettled()
    setKatexFontBase('/node_modules/katex/dist/fonts')
    installKatexFonts(document)
    installKatexFonts(document)
    expect(document.adoptedStyleSheets).to.have.length(1)
    const faces = [...nth(document.adoptedStyleSheets, 0, 'stylesheet').cssRules].filter(rule => rule instanceof CSSFontFaceRule)
    expect(faces.length).to.be.greaterThan(10)
    expect(nth(faces, 0, '@font-face').cssText).to.contain('/node_modules/katex/dist/fonts/KaTeX_')
    await document.fonts.load('20px KaTeX_Main', 'x')
    expect(document.fonts.check('20px KaTeX_Main', 'x')).to.equal(true)
  })
})
