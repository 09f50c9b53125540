// Streamed rendering must end exactly where one-shot rendering does, however
// the answer was cut into deltas, and must not redo settled blocks.
import { expect } from '@open-wc/testing'
import { blocksHtml, createMarkdownStream, markdownFeaturesSettled, renderMarkdown, type MarkdownBlock } from '../../../src/elements/shared/markdown/index'
import { answerTokens, seeded } from '../../../bench/markdown-stream.answer'
import { RICH_SAMPLE } from './sample'
import { nth } from '../support/nth'

const join = (blocks: readonly MarkdownBlock[]) => blocksHtml(blocks)

describe('markdown stream', () => {
  before(async () => {
    // Highlighting and KaTeX load lazily; settle them first so both sides render with them.
    renderMarkdown(RICH_SAMPLE)
    await markdownFeaturesSettled()
  })

  it('ends equal to one-shot rendering for many random split points', function () {
    this.timeout(60_000)
    const expected = renderMarkdown(RICH_SAMPLE)
    // No hljs-keyword: highlight.js did not load; the shared test-runner config must convert its CommonJS core (see ./web-test-runner.config.mjs).
    expect(expected, 'highlighted, math rendered, tips titled').to.contain('hljs-keyword').and.to.contain('class="katex"').and.to.contain('zx-md-tip-title')
    const random = seeded(20261121)
    for (let run = 0; run < 40; run++) {
      const stream = createMarkdownStream()
      const maxChunk = 1 + Math.floor(random() * 40)
      for (let at = 0; at < RICH_SAMPLE.length;) {
        at = Math.min(RICH_SAMPLE.length, at + 1 + Math.floor(random() * maxChunk))
        stream.update(RICH_SAMPLE.slice(0, at))
      }
      expect(join(stream.update(RICH_SAMPLE, true)), `run ${run}, chunks up to ${maxChunk}`).to.equal(expected)
    }
  })

  it('ends equal to one-shot rendering for a long answer streamed token by token', function () {
    this.timeout(60_000)
    const tokens = answerTokens(4000)
    const text = tokens.join('')
    expect(text).to.contain('```python')
    const stream = createMarkdownStream()
    let sofar = ''
    for (const token of tokens) stream.update((sofar += token))
    expect(join(stream.update(text, true))).to.equal(renderMarkdown(text))
  })

  it('matches a fresh render of the same prefix at every step, token by token', function () {
    this.timeout(60_000)
    const random = seeded(7)
    const stream = createMarkdownStream()
    for (let at = 0; at < RICH_SAMPLE.length;) {
      at = Math.min(RICH_SAMPLE.length, at + 1 + Math.floor(random() * 4))
      const prefix = RICH_SAMPLE.slice(0, at)
      const streamed = join(stream.update(prefix))
      if (random() < 0.15) expect(streamed, `prefix of ${at}`).to.equal(join(createMarkdownStream().update(prefix)))
    }
  })

  it('keeps settled blocks as the same objects while the tail grows', () => {
    const stream = createMarkdownStream()
    const first = stream.update('第一段。\n\n第二段')
    const second = stream.update('第一段。\n\n第二段还在写')
    expect(second[0]).to.equal(first[0])
    expect(second[1]).to.not.equal(first[1])
    expect(nth(second, 1, 'block').html).to.equal('<p>第二段还在写</p>\n')
  })

  it('starts over when the text is not a continuation (a regenerated answer)', () => {
    const stream = createMarkdownStream()
    stream.update('旧的回答\n\n- a\n- b\n\n结尾')
    const fresh = '新的回答，更长一些\n\n| x | y |\n| - | - |\n| 1 | 2 |\n\n完'
    expect(join(stream.update(fresh, true))).to.equal(renderMarkdown(fresh))
  })

  it('may continue streaming after a final update', () => {
    const stream = createMarkdownStream()
    stream.update('one\n\ntwo', true)
    expect(join(stream.update('one\n\ntwo three\n\nfour', true))).to.equal(renderMarkdown('one\n\ntwo three\n\nfour'))
  })

  it('renders nothing for empty or blank text', () => {
    expect(renderMarkdown('')).to.equal('')
    expect(createMarkdownStream().update('\n\n  \n')).to.deep.equal([])
  })
})
