// The block splitter decides what may be cached while an answer streams:
// a wrong split would render differently from the whole text.
import { expect } from '@open-wc/testing'
import { splitBlocks } from '../../../src/elements/shared/markdown/index'

describe('splitBlocks', () => {
  it('splits at blank lines between paragraphs, headings and tables', () => {
    expect(splitBlocks('# 标题\n\n第一段\n第二行\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n结尾')).to.deep.equal([
      '# 标题\n\n',
      '第一段\n第二行\n\n',
      '| a | b |\n| - | - |\n| 1 | 2 |\n\n',
      '结尾',
    ])
  })

  it('keeps fenced code with blank lines whole, for ``` and ~~~ and longer fences', () => {
    const code = '```python\na = 1\n\n\nb = 2\n```\n'
    const tilde = '~~~\nx\n\n```\nstill code\n\n~~~\n'
    const long = '````md\n```\n\ninner\n```\n\n````\n'
    expect(splitBlocks(`${code}\n${tilde}\n${long}\nafter`)).to.deep.equal([`${code}\n`, `${tilde}\n`, `${long}\n`, 'after'])
  })

  it('keeps math blocks with blank lines whole', () => {
    const dollars = '$$\na = b\n\nc = d\n$$\n'
    const brackets = '\\[\nx\n\ny\n\\]\n'
    expect(splitBlocks(`${dollars}\n${brackets}\nend`)).to.deep.equal([`${dollars}\n`, `${brackets}\n`, 'end'])
  })

  it('keeps a loose list together, nested content included', () => {
    const list = '1. one\n\n   more about one\n\n2. two\n\n   ```\n   code\n\n   ```\n\n3. three\n\n'
    expect(splitBlocks(`${list}after the list`)).to.deep.equal([list, 'after the list'])
  })

  it('keeps ::: containers and an open <table> whole, even with fences inside', () => {
    const tip = '::: tip 标题\none\n\n```\n:::\n\n```\n\ntwo\n:::\n'
    const table = '<table>\n\n<tr><td>\n\ncell **text**\n\n</td></tr>\n\n</table>\n'
    expect(splitBlocks(`${tip}\n${table}\nend`)).to.deep.equal([`${tip}\n`, `${table}\n`, 'end'])
  })

  it('splits inside an open <details> or <div> at blank lines, as CommonMark ends their HTML block there', () => {
    const details = '<details><summary>more</summary>\n\nhidden **text**\n\n</details>\n'
    expect(splitBlocks(`${details}\nend`)).to.deep.equal(['<details><summary>more</summary>\n\n', 'hidden **text**\n\n', '</details>\n\n', 'end'])
  })

  it('splits a very long list into chunks before top-level items', () => {
    const items = Array.from({ length: 80 }, (_, i) => `${i + 1}. item ${i + 1} ${'text '.repeat(8)}\n\n`).join('')
    const blocks = splitBlocks(items)
    expect(blocks.length).to.be.greaterThan(1)
    expect(blocks.join('')).to.equal(items)
    for (const block of blocks) expect(block).to.match(/^\d+\. item/)
  })

  it('joins back to the original text', () => {
    const text = 'a\n\n\n\nb\n\n  indented\n\n    code\n\n- x\n\n- y\n\nz'
    expect(splitBlocks(text).join('')).to.equal(text)
  })
})
