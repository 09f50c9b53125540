/// <reference types="mocha" />
// IT course questions name tags in their stems: a student sees every word of
// the question, the tags included.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/evaluation/define'
import { setUser } from '../../../src/stores/user-scope'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const STEMS = [
  'HTML 的 <style> 标签放 CSS，<script> 标签放脚本，这句话对吗？',
  '多行输入框用 <textarea> 还是 <input>？',
  'Java 中 List<String> 和 Map<String, Integer> 分别是什么？',
]

describe('question stems naming tags', () => {
  let server: FakeFetch | undefined
  afterEach(() => {
    server?.restore()
    setUser('')
  })

  it('shows every word of each stem to the student taking the paper', async () => {
    server = fakeFetch(request => {
      if (new URL(request.url, location.href).pathname.endsWith('course/evaluations/e1/paper'))
        return envelope(200, {
          evaluationId: 'e1',
          submissionId: 's1',
          title: '网页基础测验',
          description: '',
          kind: 'quiz',
          attempt: 1,
          maxAttempts: 1,
          deadlineAt: null,
          serverNow: Date.now(),
          questions: STEMS.map((stem, i) => ({ id: `q${i}`, type: 'short', stem, points: 2 })),
          answers: {},
        })
      return envelope(200, { savedAt: Date.now(), deadlineAt: null })
    })
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => el.shadowRoot?.querySelectorAll('[data-testid="question"] .stem').length === STEMS.length, 'the paper did not open')
    const shown = [...el.shadowRoot!.querySelectorAll('[data-testid="question"] .stem')].map(stem => stem.textContent?.trim())
    expect(shown).to.deep.equal(STEMS)
  })
})
