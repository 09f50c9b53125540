// Answers wrap markdown in <details> or <div> left open while they stream:
// the content must fold with its <details>, end as one-shot rendering does,
// and a delta must not render the settled paragraphs inside again.
import { expect } from '@open-wc/testing'
import { blocksHtml, createMarkdownStream, renderMarkdown, type MarkdownBlock } from '../../../src/elements/shared/markdown/index'
import { mountMarkdown, type Mounted } from './mount'

const DETAILS =
  '<details><summary>解题过程</summary>\n\n第一步：**读题**。\n\n- 已知 a\n- 求 b\n\n```js\nlet a = 1\n\n\nlet b = 2\n```\n\n答案是 42。\n</details>\n\n结尾段落。'
const DIV = '<div align="center">\n\n## 居中标题\n\n段落一。\n\n<details>\n<summary>内层</summary>\n\n内层内容。\n\n</details>\n\n段落二。\n\n</div>\n\n外面。'

function parse(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

/** Every block object, nested ones included. */
function flatten(blocks: readonly MarkdownBlock[]): MarkdownBlock[] {
  return blocks.flatMap(block => [block, ...flatten(block.children ?? [])])
}

describe('markdown inside HTML wrappers', () => {
  let mounted: Mounted | undefined
  afterEach(() => {
    mounted?.unmount()
    mounted = undefined
  })

  it('puts the content inside its <details>, and what follows after it', () => {
    const root = parse(renderMarkdown(DETAILS))
    const details = root.querySelector('details')!
    expect(details.querySelector('summary')?.textContent).to.equal('解题过程')
    expect(details.querySelector('strong')?.textContent).to.equal('读题')
    expect(details.querySelectorAll('li')).to.have.length(2)
    expect(details.querySelector('pre')?.textContent).to.contain('let b = 2')
    expect(details.textContent).to.contain('答案是 42。').and.not.contain('结尾段落')
    expect(root.lastElementChild?.textContent).to.equal('结尾段落。')
  })

  it('nests a <details> inside a <div>, streamed at every chunk size equal to one-shot rendering', () => {
    const root = parse(renderMarkdown(DIV))
    expect(root.querySelector('div[align] h3')?.textContent).to.equal('居中标题')
    expect(root.querySelector('div[align] details')?.textContent).to.contain('内层内容。')
    expect(root.querySelector('div[align] details')?.textContent).to.not.contain('段落二')
    expect(root.querySelector('div[align]')?.textContent).to.contain('段落二。').and.not.contain('外面')
    for (const text of [DETAILS, DIV, `${DIV}\n\n${DETAILS}`]) {
      for (const size of [1, 3, 5, 17]) {
        const stream = createMarkdownStream()
        for (let at = size; at < text.length; at += size) {
          const prefix = text.slice(0, at)
          const streamed = blocksHtml(stream.update(prefix))
          if (at % (size * 7) === 0) expect(streamed, `prefix of ${at}`).to.equal(blocksHtml(createMarkdownStream().update(prefix)))
        }
        expect(blocksHtml(stream.update(text, true)), `chunks of ${size}`).to.equal(renderMarkdown(text))
      }
    }
  })

  it('keeps the settled blocks inside an open <div> as the same objects while a long answer streams', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 段，${'内容'.repeat(40)}。`)
    const text = `<div>\n\n${paragraphs.join('\n\n')}`
    const stream = createMarkdownStream()
    let previous: MarkdownBlock[] = []
    let reused = 0
    for (let at = 5; at <= text.length; at += 5) {
      const blocks = flatten(stream.update(text.slice(0, at)))
      const leaves = blocks.filter(block => !block.children)
      // Every leaf that was settled before this delta is the object it was.
      for (const block of leaves.slice(0, -1)) {
        const before = previous.slice(0, -1).find(old => old.key === block.key)
        if (before) {
          expect(block, `block ${block.key} at ${at}`).to.equal(before)
          reused++
        }
      }
      previous = leaves
    }
    expect(reused).to.be.greaterThan(1000)
    expect(parse(renderMarkdown(text)).querySelector('div')?.querySelectorAll('p')).to.have.length(40)
  })

  it('shows a streamed <details> folded with its content inside, touching only the block being written', async () => {
    let text = '<details><summary>展开</summary>\n\n第一段。\n\n第二段'
    mounted = mountMarkdown({ text, streaming: true })
    const details = () => mounted!.shadow.querySelector('details')!
    expect(details().textContent).to.contain('第一段。').and.contain('第二段')
    const first = [...details().querySelectorAll('p')].find(p => p.textContent === '第一段。')!
    const touched = new Set<Node>()
    const observer = new MutationObserver(records => records.forEach(record => touched.add(record.target)))
    observer.observe(mounted.view(), { subtree: true, childList: true, characterData: true, attributes: true })
    for (const delta of ['还在', '写。']) mounted.render({ text: (text += delta), streaming: true })
    await Promise.resolve()
    observer.disconnect()
    expect(first.isConnected, 'the settled paragraph was rendered again').to.equal(true)
    for (const node of touched) expect(first.contains(node), 'a mutation in the settled paragraph').to.equal(false)
    mounted.render({ text: `${text}\n\n</details>\n\n之后。`, streaming: false })
    expect(details().textContent).to.contain('第二段还在写。').and.not.contain('之后')
    expect(details().open).to.equal(false)
    expect(mounted.view().textContent).to.contain('之后。')
  })
})
