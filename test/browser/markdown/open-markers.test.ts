// While an answer streams, markers the model opened but has not closed yet
// are shown as if closed ("**这是智学" is bold, not asterisks), as the best
// chat products do; code stays code, and the final render is the real text.
import { expect } from '@open-wc/testing'
import { createMarkdownStream, renderMarkdown } from '../../../src/elements/shared/markdown/index'

const streamed = (text: string) =>
  createMarkdownStream()
    .update(text)
    .map(b => b.html)
    .join('')

function shown(html: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = html
  return div
}

describe('markdown stream: unfinished markers', () => {
  it('shows an unclosed ** as bold without asterisks', () => {
    const view = shown(streamed('**这是智学'))
    expect(view.querySelector('strong')?.textContent).to.equal('这是智学')
    expect(view.textContent).not.to.contain('*')
  })

  it('closes *, ~~ and inline code, and drops a marker with nothing after it yet', () => {
    expect(shown(streamed('先说 **重点** 再说 *斜体')).querySelector('em')?.textContent).to.equal('斜体')
    expect(shown(streamed('这一步 ~~不要')).querySelector('del')?.textContent).to.equal('不要')
    expect(shown(streamed('运行 `npm ins')).querySelector('code')?.textContent).to.equal('npm ins')
    const dangling = shown(streamed('下面是**'))
    expect(dangling.textContent!.trim()).to.equal('下面是')
  })

  it('shows an unfinished link as its text, and no unfinished image', () => {
    const link = shown(streamed('详见 [安装文档](https://docs.exa'))
    expect(link.textContent!.trim()).to.equal('详见 安装文档')
    expect(link.querySelector('a')).to.equal(null)
    const image = shown(streamed('示意图：![车床](https://img.exa'))
    expect(image.querySelector('img'), 'a partial URL is never fetched').to.equal(null)
    expect(image.textContent).not.to.contain('![')
  })

  it('leaves code blocks alone: asterisks in an open fence are code', () => {
    const view = shown(streamed('计算：\n\n```python\nx = 2 ** 3 *'))
    expect(view.querySelector('pre code')?.textContent).to.contain('x = 2 ** 3 *')
    expect(view.querySelector('strong')).to.equal(null)
    const closed = shown(streamed('```js\nconst a = b * c\n```\n\n然后 **加粗'))
    expect(closed.querySelector('pre code')?.textContent).to.contain('const a = b * c')
    expect(closed.querySelector('strong')?.textContent).to.equal('加粗')
  })

  it('keeps list bullets, products and escaped asterisks as they are', () => {
    expect(shown(streamed('- 第一项\n* 第二项')).querySelectorAll('li').length).to.equal(2)
    expect(shown(streamed('面积 = 2 * 3')).textContent).to.contain('2 * 3')
    expect(shown(streamed('\\*不是强调')).textContent).to.contain('*不是强调')
  })

  it('renders the real text once done, and a settled block is not closed', () => {
    const stream = createMarkdownStream()
    stream.update('**这是智学')
    const final = stream.update('**这是智学**的离线引擎。\n\n下一段 **继续', true)
    expect(final.map(b => b.html).join('')).to.equal(renderMarkdown('**这是智学**的离线引擎。\n\n下一段 **继续'))
    expect(shown(final.map(b => b.html).join('')).textContent, 'a finished answer shows what it says').to.contain('**继续')
  })
})
