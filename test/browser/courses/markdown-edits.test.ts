import { expect } from '@open-wc/testing'
import {
  imageMarkdown,
  insertLink,
  insertMath,
  insertTip,
  toggleBulletList,
  toggleCode,
  toggleHeading,
  toggleOrderedList,
  toggleWrap,
  type EditWords,
  type MarkdownEdit,
} from '../../../src/elements/courses/lesson-content/markdown-edits'
import { coursesZhCN } from '../../../src/i18n/courses/zh-CN'

// The zh-CN placeholder words, as the editor passes them.
const { boldText, italicText, codeText, linkText, formula, tipText, column, listItem, headingText } = coursesZhCN
const words: EditWords = { boldText, italicText, codeText, linkText, formula, tipText, column, listItem, headingText }

/** The text after the edit, with the selection marked as [..]. */
function after(text: string, edit: MarkdownEdit): string {
  const next = text.slice(0, edit.from) + edit.insert + text.slice(edit.to)
  return `${next.slice(0, edit.select.from)}[${next.slice(edit.select.from, edit.select.to)}]${next.slice(edit.select.to)}`
}
/** Where `[word]` is in a text written with the selection marked. */
function parse(marked: string): { text: string; sel: { from: number; to: number } } {
  const from = marked.indexOf('[')
  const to = marked.indexOf(']') - 1
  return { text: marked.replace('[', '').replace(']', ''), sel: { from, to } }
}
const run = (marked: string, edit: (text: string, sel: { from: number; to: number }) => MarkdownEdit) => {
  const { text, sel } = parse(marked)
  return after(text, edit(text, sel))
}

describe('lesson editor toolbar edits (plain markdown in, plain markdown out)', () => {
  it('bold wraps the selection, and pressed again takes the marks off', () => {
    const bold = (t: string, s: { from: number; to: number }) => toggleWrap(t, s, '**', words.boldText)
    expect(run('先[回零]再试切', bold)).to.equal('先**[回零]**再试切')
    expect(run('先**[回零]**再试切', bold)).to.equal('先[回零]再试切')
    expect(run('先[**回零**]再试切', bold)).to.equal('先[回零]再试切')
    expect(run('空[]处', bold)).to.equal('空**[粗体文字]**处', 'nothing selected: a placeholder to type over')
    const italic = (t: string, s: { from: number; to: number }) => toggleWrap(t, s, '*', words.italicText)
    expect(run('**[回零]**', italic)).to.equal('***[回零]***', 'bold text can also be italic')
    expect(run('***[回零]***', italic)).to.equal('**[回零]**')
    expect(run('***[回零]***', bold)).to.equal('*[回零]*')
    expect(run('[**回零**]', italic)).to.equal('*[**回零**]*')
  })

  it('headings and lists apply to every selected line and come off again', () => {
    expect(run('[对刀]', (t, s) => toggleHeading(t, s, 2, words))).to.equal('[## 对刀]')
    expect(run('### [对刀]', (t, s) => toggleHeading(t, s, 2, words))).to.equal('[## 对刀]', 'another level is replaced')
    expect(run('## 对[]刀', (t, s) => toggleHeading(t, s, 2, words))).to.equal('对刀[]')
    expect(run('[回零\n试切]', (t, s) => toggleOrderedList(t, s, words))).to.equal('[1. 回零\n2. 试切]')
    expect(run('[1. 回零\n2. 试切]', (t, s) => toggleBulletList(t, s, words))).to.equal('[- 回零\n- 试切]', 'numbered becomes bulleted')
    expect(run('[- 回零\n- 试切]', (t, s) => toggleBulletList(t, s, words))).to.equal('[回零\n试切]')
  })

  it('blocks sit on lines of their own: fenced code, math, tips', () => {
    expect(run('前文[G00 X0\nG01 Z-5]', (t, s) => toggleCode(t, s, words))).to.equal('前文\n\n```\n[G00 X0\nG01 Z-5]\n```\n')
    expect(run('速度 [v=\\pi d n] 米', (t, s) => insertMath(t, s, words))).to.equal('速度 $[v=\\pi d n]$ 米')
    expect(run('第一段\n\n[]', (t, s) => insertTip(t, s, words))).to.equal('第一段\n\n::: tip\n[提示内容]\n:::\n')
  })

  it('a link selects its address to be typed over; image names cannot break the markdown', () => {
    expect(run('见[手册]', (t, s) => insertLink(t, s, words))).to.equal('见[手册]([https://])')
    expect(imageMarkdown('图[1]\n.png', '/new-chat/app/api/file/f1')).to.equal('![图1.png](/new-chat/app/api/file/f1)')
  })
})
