// Answers and IT course questions name tags in prose: every word they write
// must show, the tags included, while formatting tags still format.
import { expect } from '@open-wc/testing'
import { blocksHtml, createMarkdownStream, renderMarkdown } from '../../../src/elements/shared/markdown/index'

/** What a reader sees of the rendered markdown, whitespace folded. */
function shown(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const br of template.content.querySelectorAll('br')) br.replaceWith(' ')
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim()
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim()

const PROSE = [
  'HTML 的 <style> 标签放 CSS，<script> 标签放脚本，两者都写在 <head> 里。',
  '多行输入用 <textarea>，它可以设置行数和列数。',
  '下拉菜单用 <select> 加若干 <option> 组成，选中的值随表单提交。',
  '网页的标题写在 <title> 里，浏览器把它显示在标签页上。',
  'Java 的 List<String> 是字符串列表，Map<String, Integer> 是映射，泛型参数写在尖括号里。',
  'C++ 模板 vector<int> 和 std::map<std::string, int> 都很常用。',
  '<textarea> 写在行首时，后面的字也不会消失。',
  '<String> 独占一行时\n也是文字',
  '<style>\n.a { color: red }\n\n样式之后的这一段也要在。',
  '文档类型 <!DOCTYPE html> 和指令 <?xml version="1.0"?> 都照原样显示。',
  '<iframe src="https://example.com"> 和 <form> 都不会吃掉后面的字。',
  '<img> 标签没有 src 时只是文字。',
]

describe('raw HTML in answers', () => {
  for (const text of PROSE) {
    it(`shows every word of: ${text.slice(0, 40)}`, () => {
      expect(shown(renderMarkdown(text))).to.equal(fold(text))
    })
  }

  it('shows every word of all of them streamed five characters at a time', () => {
    const text = PROSE.join('\n\n')
    const stream = createMarkdownStream()
    for (let at = 5; at < text.length; at += 5) stream.update(text.slice(0, at))
    const html = blocksHtml(stream.update(text, true))
    expect(html).to.equal(renderMarkdown(text))
    expect(shown(html)).to.equal(fold(PROSE.join(' ')))
  })

  it('keeps formatting tags as markup: kbd, sub, details, br in a table, a div wrapper', () => {
    const html = renderMarkdown(
      '按 <kbd>Ctrl</kbd>+<kbd>C</kbd> 复制，H<sub>2</sub>O。\n\n<details><summary>答案</summary>\n\n**42**\n\n</details>\n\n| a |\n| - |\n| 1<br>2 |\n\n<div align="center">居中</div>',
    )
    const template = document.createElement('template')
    template.innerHTML = html
    const root = template.content
    expect(root.querySelectorAll('kbd')).to.have.length(2)
    expect(root.querySelector('sub')?.textContent).to.equal('2')
    expect(root.querySelector('details summary')?.textContent).to.equal('答案')
    expect(root.querySelector('details strong')?.textContent).to.equal('42')
    expect(root.querySelector('td br')).to.not.equal(null)
    expect([...root.querySelectorAll('div')].at(-1)?.textContent).to.equal('居中')
  })

  it('shows a tag named inside an allowed wrapper as text too', () => {
    const html = renderMarkdown('<div>\n用 <script> 引入脚本，<textarea> 输入多行。\n</div>')
    expect(shown(html)).to.equal('用 <script> 引入脚本，<textarea> 输入多行。')
    expect(html).to.not.contain('<script')
  })

  it('keeps the page’s one <h1>: markdown headings render a level down, a raw <h1> shows as text', () => {
    const root = document.createElement('template')
    root.innerHTML = renderMarkdown('# 第一章\n\n## 第一节\n\n###### 小节\n\n<h1>标题</h1> 与 <h2>副标题</h2>')
    expect(root.content.querySelectorAll('h1')).to.have.length(0)
    expect([...root.content.querySelectorAll('h2, h3, h6')].map(h => `${h.localName} ${h.textContent}`)).to.deep.equal([
      'h2 第一章',
      'h3 第一节',
      'h6 小节',
      'h2 副标题',
    ])
    expect(root.content.textContent).to.contain('<h1>标题</h1>')
  })

  it('leaves tags in code untouched', () => {
    const html = renderMarkdown('行内 `<style>` 和代码块：\n\n```html\n<textarea>x</textarea>\n```')
    expect(shown(html)).to.contain('行内 <style> 和代码块').and.to.contain('<textarea>x</textarea>')
  })
})
