/// <reference types="mocha" />
// Practical tasks and late work: the student answers with files
// sent through the chunked uploader (progress, a failure that says why and
// retries), the answer saved as the files' ids and listed by name after a
// reload; a late paper warns before it is handed in; the teacher sees the
// files as download links and the late mark when grading; the builder sends
// the late policy of an assignment and the anonymity of a survey.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/evaluation/define'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { $gradingQueue } from '../../../src/elements/evaluation/manage/grading-queue'
import { $submission } from '../../../src/elements/evaluation/manage/submission-grading'
import { $paper } from '../../../src/stores/evaluation-paper'
import { setUser } from '../../../src/stores/user-scope'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

function pickFiles(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer()
  files.forEach(f => transfer.items.add(f))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

interface PaperServer extends FakeFetch {
  saved: Record<string, unknown>
  uploaded: string[]
  /** Replies (status, message) for the next chunk posts, in turn. */
  failNext: Array<[number, string]>
}

function startPaperServer(): PaperServer {
  const server = { saved: {}, uploaded: [], failNext: [] } as unknown as PaperServer
  const names: Record<string, string> = {}
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = `${request.method} ${url.pathname.replace('/new-chat/', '')}`
    if (route === 'GET app/api/file/chunk') return new Response(null, { status: 204 })
    if (route === 'POST app/api/file/chunk') {
      const form = request.body as FormData
      const name = String(form.get('filename'))
      const failure = server.failNext.shift()
      if (failure) return envelope(failure[0], null, failure[1])
      const id = `f${server.uploaded.length + 1}`
      server.uploaded.push(name)
      names[id] = name
      return envelope(200, { complete: true, file: { id, url: `/new-chat/app/api/file/${id}`, name, size: Number(form.get('totalSize')), mime: 'text/plain' } })
    }
    if (route === 'GET course/evaluations/e1/paper') {
      const ids = (server.saved.q1 as string[] | undefined) ?? []
      return envelope(200, {
        evaluationId: 'e1',
        submissionId: 's1',
        title: '锉削实操',
        description: '',
        kind: 'assignment',
        attempt: 1,
        maxAttempts: 1,
        deadlineAt: null,
        serverNow: Date.now(),
        questions: [{ id: 'q1', type: 'practical', stem: '上传锉削过程的照片和实训报告。', points: 10 }],
        answers: server.saved,
        files: ids.map(id => ({ id, name: names[id], size: 12, mime: 'text/plain', url: `/new-chat/app/api/file/${id}?access=x` })),
        late: { late: true, penalty: 20 },
      })
    }
    if (route === 'PUT course/evaluations/e1/answers') {
      const body = JSON.parse(String(request.body))
      for (const a of body.answers) server.saved[a.questionId] = a.value
      return envelope(200, { savedAt: Date.now(), deadlineAt: null })
    }
    return envelope(404, null, `no route ${route}`)
  })
  return Object.assign(server, fake)
}

describe('practical tasks and late work', () => {
  let server: FakeFetch | undefined
  beforeEach(() => {
    setUser('student-1')
    $paper.set({ status: 'idle', answers: {}, save: 'saved', clockOffset: 0 })
    ;[$managedCourses, $gradingQueue, $submission].forEach(store => store.reset())
  })
  afterEach(() => {
    server?.restore()
    setUser('')
  })

  it('a student uploads files for a practical task; a failed file says why and retries; the answer is saved and listed after a reload', async () => {
    const paperServer = startPaperServer()
    server = paperServer
    paperServer.failNext = [[409, '文件正在合并，请稍后重试']]
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await until(() => $(el, '[data-testid="practical-pick"]'), 'the practical task has no way to upload')
    expect($(el, '[data-testid="late-warning"]')!.textContent).to.contain('20%')
    pickFiles($(el, '[data-testid="practical-pick"]') as HTMLInputElement, [
      new File(['锉削照片'], 'photo.jpg', { type: 'image/jpeg' }),
      new File(['实训报告内容'], 'report.txt', { type: 'text/plain' }),
    ])
    await until(() => $(el, '[data-testid="answer-upload"][data-state="error"]'), 'the failed upload is not shown')
    expect($(el, '[data-testid="answer-upload"][data-state="error"]')!.textContent).to.contain('文件正在合并')
    await until(() => $$(el, '[data-testid="answer-file"]').length === 1, 'the other file did not upload')
    ;[...$(el, '[data-testid="answer-upload"]')!.querySelectorAll('button')].find(b => b.textContent === '重试')!.click()
    await until(() => $$(el, '[data-testid="answer-file"]').length === 2, 'the retried file did not upload')
    await until(() => Array.isArray(paperServer.saved.q1) && (paperServer.saved.q1 as string[]).length === 2, 'the files were not saved as the answer')
    expect([...paperServer.uploaded].sort()).to.deep.equal(['photo.jpg', 'report.txt'])
    expect(paperServer.saved.q1).to.have.members(['f1', 'f2'])

    el.remove()
    $paper.set({ status: 'idle', answers: {}, save: 'saved', clockOffset: 0 })
    const again = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await until(() => $$(again, '[data-testid="answer-file"]').length === 2, 'the files are not listed after a reload')
    expect($$(again, '[data-testid="answer-file"] .file-name').map(n => n.textContent)).to.have.members(['photo.jpg', 'report.txt'])
    $$(again, '[data-testid="answer-file"] button')[0]!.click()
    await until(() => (paperServer.saved.q1 as string[]).length === 1, 'removing a file did not save')
  })

  it('a file refused as the wrong type (415) says why and offers no retry, only removing it', async () => {
    const paperServer = startPaperServer()
    server = paperServer
    paperServer.failNext = [[415, '“notes.txt”的内容不是它的扩展名所说的类型']]
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await until(() => $(el, '[data-testid="practical-pick"]'), 'the practical task has no way to upload')
    pickFiles($(el, '[data-testid="practical-pick"]') as HTMLInputElement, [new File(['%PDF'], 'notes.txt', { type: 'text/plain' })])
    await until(() => $(el, '[data-testid="answer-upload"][data-state="error"]'), 'the refused file is not shown')
    const row = $(el, '[data-testid="answer-upload"][data-state="error"]')!
    expect(row.textContent).to.contain('不是它的扩展名所说的类型')
    expect([...row.querySelectorAll('button')].map(b => b.textContent)).to.deep.equal(['移除'], 'sending it again is refused again')
  })

  it("an empty file is refused before anything is sent, in the reader's language", async () => {
    const paperServer = startPaperServer()
    server = paperServer
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
      await until(() => $(el, '[data-testid="practical-pick"]'), 'the practical task has no way to upload')
      const sentBefore = paperServer.requests.length
      pickFiles($(el, '[data-testid="practical-pick"]') as HTMLInputElement, [new File([], 'blank.txt', { type: 'text/plain' })])
      await until(() => $(el, '[data-testid="answer-upload"][data-state="error"]'), 'the empty file is not shown as refused')
      const row = $(el, '[data-testid="answer-upload"][data-state="error"]')!.textContent!
      expect(row).to.contain('blank.txt').and.to.contain('This file is empty (0 bytes)')
      expect(row).not.to.match(/[\u4e00-\u9fff]/)
      const actions = [...$(el, '[data-testid="answer-upload"][data-state="error"]')!.querySelectorAll('button')].map(b => b.textContent)
      expect(actions).to.deep.equal(['Remove'], 'an empty file offers no retry, only removing it')
      expect(paperServer.requests.slice(sentBefore).filter(r => r.url.includes('file/chunk'))).to.deep.equal([])
    } finally {
      setLanguage('zh-CN')
      await loadLocale('zh-CN')
    }
  })

  it('the teacher sees a practical answer as download links, and the late mark with its penalty', async () => {
    server = fakeFetch(request => {
      const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
      if (route === 'course/courses')
        return envelope(200, { items: [{ id: 'c1', title: '钳工实训', classes: [] }], total: 1, facets: { categories: [], terms: [] } })
      if (route === 'course/evaluations/e1/submissions')
        return envelope(200, {
          released: false,
          items: [
            {
              id: 's1',
              status: 'submitted',
              score: null,
              attempt: 1,
              submittedAt: 1,
              late: true,
              student: { username: 'zs', name: '张三' },
              pending: 1,
              flagged: 0,
              aiGraded: 0,
            },
          ],
        })
      if (route === 'course/submissions/s1')
        return envelope(200, {
          id: 's1',
          evaluationId: 'e1',
          courseId: 'c1',
          status: 'submitted',
          attempt: 1,
          submittedAt: 1,
          late: true,
          latePenalty: 20,
          released: false,
          score: null,
          maxScore: 10,
          student: { id: 'u1', username: 'zs', name: '张三' },
          questions: [
            {
              questionId: 'q1',
              type: 'practical',
              stem: '上传锉削过程的照片和实训报告。',
              points: 10,
              answer: ['f1'],
              files: [{ id: 'f1', name: 'report.txt', size: 2048, mime: 'text/plain', url: '/new-chat/app/api/file/f1?access=signed&download=1' }],
              correctAnswer: null,
              explanation: '',
              tags: [],
              source: null,
              score: null,
              feedback: '实操题由教师查看上传的文件后按量规评分',
              gradedBy: null,
              flagged: null,
              aiSuggestion: null,
              rubric: [{ criterion: '操作规范', points: 10 }],
            },
          ],
        })
      return envelope(404, null, `no route ${route}`)
    })
    const queue = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="grade"></zx-evaluation>`)
    await until(() => $(queue, '[data-testid="late-chip"]'), 'the queue does not mark late work')
    queue.remove()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="grade" submission-id="s1"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="answer-file-link"]'), 'the files are not shown to the teacher')
    const link = $(el, '[data-testid="answer-file-link"]') as HTMLAnchorElement
    expect(link.textContent).to.equal('report.txt')
    expect(link.getAttribute('href')).to.equal('/new-chat/app/api/file/f1?access=signed&download=1')
    expect($(el, '[data-testid="late-note"]')!.textContent).to.contain('20%')
  })

  it('the builder sends an assignment\u2019s late policy, and a survey\u2019s anonymity without practical tasks; 375 px does not scroll sideways', async () => {
    const sent: any[] = []
    server = fakeFetch(request => {
      const url = new URL(request.url, location.href)
      const route = url.pathname.replace('/new-chat/', '')
      if (request.method === 'POST' && route === 'course/evaluations') {
        sent.push(JSON.parse(String(request.body)))
        return envelope(200, { id: `e${sent.length + 5}` })
      }
      if (route === 'course/courses')
        return envelope(200, { items: [{ id: 'c1', title: '钳工实训', classes: [] }], total: 1, facets: { categories: [], terms: [] } })
      return envelope(200, [])
    })
    await setViewport({ width: 375, height: 812 })
    try {
      const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="build"></zx-evaluation>`)
      await until(() => $(el, '[data-testid="builder"]'), 'the builder did not open')
      await typeInto($(el, '[data-testid="title"]') as HTMLInputElement, '锉削实操')
      const kind = $(el, '[data-testid="kind"]') as HTMLSelectElement
      kind.value = 'assignment'
      kind.dispatchEvent(new Event('change', { bubbles: true }))
      await until(() => $(el, '[data-testid="late-policy"]'), 'an assignment has no late policy')
      const closes = $(el, '[data-testid="closes-at"]') as HTMLInputElement
      await typeInto(closes, '2030-06-01T18:00')
      const policy = $(el, '[data-testid="late-policy"]') as HTMLSelectElement
      policy.value = 'penalty'
      policy.dispatchEvent(new Event('change', { bubbles: true }))
      await until(() => $(el, '[data-testid="late-penalty"]'))
      await typeInto($(el, '[data-testid="late-penalty"]') as HTMLInputElement, '20')
      await typeInto($(el, '[data-testid="late-until"]') as HTMLInputElement, '2030-06-03T18:00')
      $(el, '[data-testid="add-practical"]')!.click()
      await until(() => $(el, '[data-testid="question-editor"]'))
      const editor = $(el, '[data-testid="question-editor"]')!
      await typeInto(editor.querySelector('[data-testid="stem"]') as HTMLTextAreaElement, '上传锉削过程的照片和实训报告。')
      await typeInto(editor.querySelector('[data-testid="criterion"]') as HTMLInputElement, '操作规范')
      await typeInto(editor.querySelector('[data-testid="criterion-points"]') as HTMLInputElement, '10')
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
      $(el, '[data-testid="save-draft"]')!.click()
      await until(() => sent.length === 1, 'the assignment was not saved')
      expect(sent[0]).to.deep.include({ kind: 'assignment', latePolicy: 'penalty', latePenalty: 20, closesAt: new Date('2030-06-01T18:00').getTime() })
      expect(sent[0].lateUntil).to.equal(new Date('2030-06-03T18:00').getTime())
      expect(sent[0].questions).to.deep.equal([
        { type: 'practical', stem: '上传锉削过程的照片和实训报告。', rubric: [{ criterion: '操作规范', points: 10 }], points: 10 },
      ])

      el.remove()
      const survey = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="build"></zx-evaluation>`)
      await until(() => $(survey, '[data-testid="builder"]'))
      await typeInto($(survey, '[data-testid="title"]') as HTMLInputElement, '课程满意度')
      const surveyKind = $(survey, '[data-testid="kind"]') as HTMLSelectElement
      surveyKind.value = 'survey'
      surveyKind.dispatchEvent(new Event('change', { bubbles: true }))
      await until(() => $(survey, '[data-testid="anonymous"]'), 'a survey cannot be made anonymous')
      expect($(survey, '[data-testid="add-practical"]'), 'a survey offers no practical task').to.equal(null)
      expect($(survey, '[data-testid="survey-rating-hint"]')!.textContent).to.contain('学生评价')
      ;($(survey, '[data-testid="anonymous"]') as HTMLInputElement).click()
      $(survey, '[data-testid="add-judge"]')!.click()
      await until(() => $(survey, '[data-testid="question-editor"]'))
      await typeInto($(survey, '[data-testid="question-editor"] [data-testid="stem"]') as HTMLTextAreaElement, '你会推荐这门课吗？')
      $(survey, '[data-testid="save-draft"]')!.click()
      await until(() => sent.length === 2, 'the survey was not saved')
      expect(sent[1]).to.deep.include({ kind: 'survey', anonymous: true, latePolicy: 'refuse' })
    } finally {
      await setViewport({ width: 1280, height: 800 })
    }
  })
})
