// Models end answers with their sources as reference definitions
// (`[1]: https://…`) in a paragraph of their own: the links above must
// resolve, streamed or not.
import { expect } from '@open-wc/testing'
import { blocksHtml, createMarkdownStream, renderMarkdown } from '../../../src/elements/shared/markdown/index'

function parse(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

const links = (html: string) => [...parse(html).querySelectorAll('a')].map(a => [a.textContent, a.getAttribute('href')])

const ANSWER = [
  '数控编程的基础见教材[1]，G 代码的写法见 [G 代码手册][g-code]。',
  '- 先学坐标系[1]\n- 再学 [G  Code]。',
  '> 引用里也能用 [g-code][]。',
  '[1]: https://example.com/textbook "教材"',
  '[G-code]: https://example.com/gcode\n[1]: https://example.com/ignored',
].join('\n\n')

const EXPECTED = [
  ['1', 'https://example.com/textbook'],
  ['G 代码手册', 'https://example.com/gcode'],
  ['1', 'https://example.com/textbook'],
  ['g-code', 'https://example.com/gcode'],
]

describe('reference-style links', () => {
  it('resolve definitions written in a later paragraph, the first definition of a label winning', () => {
    const html = renderMarkdown(ANSWER)
    expect(links(html)).to.deep.equal(EXPECTED)
    expect(parse(html).textContent).to.not.contain('[1]').and.not.contain('https://example.com/ignored')
    expect(parse(html).querySelector('a')?.getAttribute('title')).to.equal('教材')
  })

  it('resolve when the definitions arrive at the end of a stream, ending equal to one-shot rendering', () => {
    const stream = createMarkdownStream()
    let before: string[][] = []
    for (let at = 5; at < ANSWER.length; at += 5) {
      const html = blocksHtml(stream.update(ANSWER.slice(0, at)))
      if (at < ANSWER.indexOf('[1]: ')) before = links(html) as string[][]
    }
    expect(before, 'no definition yet: text, not links').to.deep.equal([])
    const html = blocksHtml(stream.update(ANSWER, true))
    expect(html).to.equal(renderMarkdown(ANSWER))
    expect(links(html)).to.deep.equal(EXPECTED)
  })

  it('resolve a definition in the last line of a finished answer, and forget it when the text is replaced', () => {
    const stream = createMarkdownStream()
    stream.update('见[1]。\n\n[1]: https://example.com/a')
    const done = stream.update('见[1]。\n\n[1]: https://example.com/a', true)
    expect(links(blocksHtml(done))).to.deep.equal([['1', 'https://example.com/a']])
    const other = stream.update('另一个回答[1]。', true)
    expect(links(blocksHtml(other))).to.deep.equal([])
  })
})

describe('escaped brackets', () => {
  it('shows \\[\\\\\\] as the characters [\\] and not as a formula, while \\[x^2\\] stays math', () => {
    const text = parse(renderMarkdown('正则里的 \\[\\\\\\] 匹配反斜杠。\n\n\\[\\\\\\]'))
    expect(text.textContent?.replace(/\s+/g, ' ').trim()).to.equal('正则里的 [\\] 匹配反斜杠。 [\\]')
    expect(text.querySelector('.katex, .zx-md-tex, .zx-md-math-block')).to.equal(null)
    expect(parse(renderMarkdown('\\[x^2\\]')).querySelector('.katex, .zx-md-tex')).to.not.equal(null)
  })
})
