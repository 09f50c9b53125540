/// <reference types="mocha" />
// <zx-image-generate> and <zx-video-generate> against a fake server: what a
// person sends (prompt, style, count, duration), a job followed from queued
// through running to done or failed with the reason shown, save to the
// resource library, cancel, the player with the AI生成 mark, no model
// configured, and both pages at 1280 and 375 px in another locale.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import type { Generation } from '../../../src/api/generations'
import '../../../src/elements/generations/define'
import { $generationsMessages, loadLocale } from '../../../src/i18n'
import { $appSetting } from '../../../src/stores/settings'
import { clearToasts } from '../../../src/stores/toasts'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'
import { nextTask } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const bodyOf = (r: SentRequest) => JSON.parse(String(r.body))

/** A person's pick or typing; their next action comes in a later task (see typeInto). */
async function setValue(input: HTMLElement, value: string): Promise<void> {
  const proto =
    input instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : input instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value)
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  await nextTask()
}

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

interface FakeGenServer extends FakeFetch {
  jobs: Generation[]
  models: unknown[]
}

function job(fields: Partial<Generation> & Pick<Generation, 'id' | 'kind' | 'status'>): Generation {
  return { progress: 0, files: [], model: 'stub', prompt: '光合作用', options: {}, createTime: Date.now(), finishTime: null, ...fields }
}

function startServer(models: unknown[]): FakeGenServer {
  const state = { jobs: [] as Generation[], models }
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const path = url.pathname.replace('/new-chat/', '')
    if (path === 'app/user/generations/models') return envelope(200, { models: state.models, styles: ['illustration', 'diagram', 'poster', 'realistic'] })
    if (path === 'app/user/generations' && request.method === 'GET')
      return envelope(
        200,
        state.jobs.filter(j => j.kind === url.searchParams.get('kind')),
      )
    if (path === 'app/user/generations' && request.method === 'POST') {
      const body = bodyOf(request)
      const created = job({ id: `j${state.jobs.length + 1}`, kind: body.kind, status: 'queued', prompt: body.prompt })
      state.jobs.unshift(created)
      return envelope(200, { id: created.id })
    }
    const cancel = /^app\/user\/generations\/([^/]+)\/cancel$/.exec(path)
    if (cancel) {
      const found = state.jobs.find(j => j.id === cancel[1])!
      found.status = 'cancelled'
      return envelope(200, found)
    }
    if (path === 'course/resource' && request.method === 'POST') return envelope(200, [])
    // Insert into a lesson: one course the teacher edits, one lesson that already has a video.
    if (path === 'course/courses' && request.method === 'GET')
      return envelope(200, { items: [{ id: 'c1', title: '细胞生物学' }], total: 1, facets: { categories: [], terms: [] } })
    if (path === 'course/courses/c1')
      return envelope(200, {
        id: 'c1',
        title: '细胞生物学',
        canEdit: true,
        chapters: [
          { id: 'ch1', title: '第一章', lessons: [{ id: 'l1', title: '细胞膜', hasVideo: true, durationMinutes: 0, attachmentCount: 0, progress: null }] },
        ],
      })
    if (path === 'course/lessons/l1/insert') {
      const body = bodyOf(request)
      if (body.fileId.startsWith('v') && !body.replaceVideo) return envelope(409, null, '这个课时已有视频，确认替换后再插入')
      return envelope(200, { id: 'l1', title: '细胞膜' })
    }
    if (path.startsWith('app/api/file/')) return new Response('', { status: 200 })
    return envelope(404, null, 'no route')
  })
  return Object.assign(fake, state)
}

const IMAGE_MODEL = { name: 'stub-image', label: 'Stub Image', kind: 'image', sizes: ['1024x1024', '768x1344'], maxN: 4 }
const VIDEO_MODEL = { name: 'stub-video', label: 'Stub Video', kind: 'video', sizes: ['1280x720'], seconds: [5, 10] }

describe('generator pages', function () {
  // Jobs are polled every 2 s, as a person would wait for them.
  this.timeout(20_000)
  let server: FakeGenServer
  beforeEach(async () => {
    clearToasts()
    $appSetting.setKey('language', 'zh-CN')
    await setViewport({ width: 1280, height: 900 })
  })
  afterEach(() => server.restore())

  it('image: sends the prompt, style and count, follows the job to done and saves it to the library', async () => {
    server = startServer([IMAGE_MODEL, VIDEO_MODEL])
    const el = fixtureSync(html`<zx-image-generate></zx-image-generate>`) as HTMLElement
    await waitUntil(() => $(el, 'textarea.prompt'), 'form did not load')
    expect($$(el, 'zx-empty-state').length, 'an empty gallery says so').to.equal(1)
    await setValue($(el, 'textarea.prompt')!, '光合作用示意图')
    $$(el, '.style-chip input')
      .find(i => (i as HTMLInputElement).value === 'diagram')!
      .click()
    await nextTask()
    const selects = $$(el, 'select')
    await setValue(selects[2]!, '2')
    await waitUntil(() => !($(el, 'button.generate') as HTMLButtonElement).disabled)
    $(el, 'button.generate')!.click()
    await waitUntil(() => server.requests.some(r => r.method === 'POST' && r.url.endsWith('app/user/generations')), 'nothing sent')
    const sent = bodyOf(server.requests.find(r => r.method === 'POST' && r.url.endsWith('app/user/generations'))!)
    expect(sent).to.deep.include({ kind: 'image', prompt: '光合作用示意图', model: 'stub-image', size: '1024x1024', n: 2, style: 'diagram' })
    await waitUntil(() => $(el, '.job-card[data-status="queued"]'), 'the queued job is not listed')

    server.jobs[0]!.status = 'running'
    server.jobs[0]!.progress = 40
    await waitUntil(() => $(el, '.job-card[data-status="running"]')?.textContent?.includes('40%'), 'progress not shown', { timeout: 5000 })
    server.jobs[0]!.status = 'succeeded'
    server.jobs[0]!.files = [
      { id: 'f1', url: PIXEL, mime: 'image/png' },
      { id: 'f2', url: PIXEL, mime: 'image/png' },
    ]
    await waitUntil(() => $$(el, '.job-card[data-status="succeeded"] img').length === 2, 'images not shown', { timeout: 5000 })
    $$(el, '.job-card[data-status="succeeded"] button')
      .find(b => b.textContent === $generationsMessages.get().saveToLibrary)!
      .click()
    await waitUntil(() => server.requests.some(r => r.url.endsWith('course/resource')), 'not saved')
    expect(bodyOf(server.requests.find(r => r.url.endsWith('course/resource'))!).fileIds).to.deep.equal(['f1', 'f2'])
  })

  it('image: a teacher inserts the pictures into a chosen lesson', async () => {
    server = startServer([IMAGE_MODEL])
    server.jobs.push(
      job({
        id: 'done',
        kind: 'image',
        status: 'succeeded',
        files: [
          { id: 'f1', url: PIXEL, mime: 'image/png' },
          { id: 'f2', url: PIXEL, mime: 'image/png' },
        ],
      }),
    )
    const el = fixtureSync(html`<zx-image-generate></zx-image-generate>`) as HTMLElement
    await waitUntil(() => $$(el, '.job-card[data-status="succeeded"] img').length === 2, 'images not shown')
    $$(el, '.job-card button')
      .find(b => b.textContent === $generationsMessages.get().insertIntoLesson)!
      .click()
    await waitUntil(() => $(el, '[data-testid="pick-lesson"]'), 'the lesson picker did not load')
    expect(($(el, '[data-testid="pick-course"]') as HTMLSelectElement).value).to.equal('c1')
    expect(($(el, '[data-testid="pick-lesson"]') as HTMLSelectElement).value).to.equal('l1')
    $(el, '[data-testid="insert-confirm"]')!.click()
    await waitUntil(() => server.requests.filter(r => r.url.endsWith('course/lessons/l1/insert')).length === 2, 'not inserted')
    expect(server.requests.filter(r => r.url.endsWith('course/lessons/l1/insert')).map(r => bodyOf(r).fileId)).to.deep.equal(['f1', 'f2'])
    await waitUntil(() => !$(el, '[data-testid="lesson-picker"]'), 'the picker stayed open')
  })

  it('video: inserting into a lesson that has a video asks first, then replaces it', async () => {
    server = startServer([VIDEO_MODEL])
    server.jobs.push(
      job({ id: 'done', kind: 'video', status: 'succeeded', files: [{ id: 'v1', url: '/new-chat/app/api/file/v1?access=x', mime: 'video/mp4' }] }),
    )
    const el = fixtureSync(html`<zx-video-generate></zx-video-generate>`) as HTMLElement
    await waitUntil(() => $(el, 'video'), 'page did not load')
    $$(el, '.job-card button')
      .find(b => b.textContent === $generationsMessages.get().insertIntoLesson)!
      .click()
    await waitUntil(() => $(el, '[data-testid="pick-lesson"]'), 'the lesson picker did not load')
    $(el, '[data-testid="insert-confirm"]')!.click()
    await waitUntil(() => $(el, '[data-testid="confirm-dialog"]'), 'no question before replacing the lesson video')
    expect($(el, '[data-testid="confirm-dialog"]')!.textContent).to.contain('细胞膜')
    const inserts = () => server.requests.filter(r => r.url.endsWith('course/lessons/l1/insert')).map(r => bodyOf(r))
    expect(inserts()).to.have.length(1)
    $$(el, '[data-testid="confirm-dialog"] button')
      .find(b => b.textContent === $generationsMessages.get().replaceVideo)!
      .click()
    await waitUntil(() => inserts().length === 2, 'the replace was not sent')
    expect(inserts()[1]).to.deep.include({ fileId: 'v1', replaceVideo: true })
    await waitUntil(() => !$(el, '[data-testid="confirm-dialog"]'), 'the question stayed open')
  })

  it('image: a refused job shows the provider reason', async () => {
    server = startServer([IMAGE_MODEL])
    server.jobs.push(job({ id: 'bad', kind: 'image', status: 'failed', error: '模型服务拒绝了这个请求：内容不合规' }))
    const el = fixtureSync(html`<zx-image-generate></zx-image-generate>`) as HTMLElement
    await waitUntil(() => $(el, '.job-error'), 'error not shown')
    expect($(el, '.job-error')!.textContent).to.contain('内容不合规')
  })

  it('video: duration within the model, progress, cancel, and the player with the AI mark', async () => {
    server = startServer([VIDEO_MODEL])
    server.jobs.push(
      job({ id: 'done', kind: 'video', status: 'succeeded', files: [{ id: 'v1', url: '/new-chat/app/api/file/v1?access=x', mime: 'video/mp4' }] }),
    )
    const el = fixtureSync(html`<zx-video-generate></zx-video-generate>`) as HTMLElement
    await waitUntil(() => $(el, 'textarea.prompt') && $(el, 'video'), 'page did not load')
    expect($(el, '.player .ai-mark')!.textContent).to.equal('AI生成')
    const durations = [...el.shadowRoot!.querySelectorAll('select')][2]!
    expect([...durations.options].map(o => o.value)).to.deep.equal(['5', '10'])
    await setValue($(el, 'textarea.prompt')!, '水循环')
    await setValue(durations, '10')
    await waitUntil(() => !($(el, 'button.generate') as HTMLButtonElement).disabled)
    $(el, 'button.generate')!.click()
    await waitUntil(() => server.requests.some(r => r.method === 'POST' && r.url.endsWith('app/user/generations')))
    expect(bodyOf(server.requests.find(r => r.method === 'POST' && r.url.endsWith('app/user/generations'))!)).to.deep.include({
      kind: 'video',
      seconds: 10,
      size: '1280x720',
    })
    await waitUntil(() => $(el, '.job-card[data-status="queued"]'), 'new job not listed')
    server.jobs[0]!.status = 'running'
    server.jobs[0]!.progress = 55
    await waitUntil(() => $(el, '.job-card[data-status="running"] progress'), 'no progress bar', { timeout: 5000 })
    $(el, '.job-card[data-status="running"] button')!.click()
    await waitUntil(() => server.requests.some(r => r.url.endsWith('/cancel')), 'cancel not sent')
    await waitUntil(() => $(el, '.job-card[data-status="cancelled"]'), 'cancelled not shown', { timeout: 5000 })
  })

  it('video: a failed job says why and offers to generate again, with its prompt and duration back in the form', async () => {
    server = startServer([VIDEO_MODEL])
    server.jobs.push(
      job({
        id: 'bad',
        kind: 'video',
        status: 'failed',
        prompt: '水循环',
        model: 'stub-video',
        options: { seconds: 10, imageFileId: 'f1' },
        firstFrame: { id: 'f1', url: '/new-chat/app/api/file/f1?access=signed' },
        error: '模型服务出错了',
      }),
    )
    const el = fixtureSync(html`<zx-video-generate></zx-video-generate>`) as HTMLElement
    await waitUntil(() => $(el, '.job-error') && $(el, 'textarea.prompt'), 'the failure is not shown')
    expect($(el, '.job-error')!.textContent).to.contain('模型服务出错了')
    const again = $$(el, '.job-card[data-status="failed"] button').find(b => b.textContent === $generationsMessages.get().again)
    expect(again, 'no way to try the failed job again').to.exist
    again!.click()
    await waitUntil(() => ($(el, 'textarea.prompt') as HTMLTextAreaElement).value === '水循环', 'the prompt did not come back')
    expect(([...el.shadowRoot!.querySelectorAll('select')][2] as HTMLSelectElement).value, 'the duration came back').to.equal('10')
    // The first frame comes back too, shown through the link signed for the reader.
    await waitUntil(() => $(el, '[data-testid="first-frame-preview"]'), 'the first frame did not come back')
    expect($(el, '[data-testid="first-frame-preview"]')!.getAttribute('src')).to.equal('/new-chat/app/api/file/f1?access=signed')
    // Generated again, the new job starts from the same frame.
    await waitUntil(() => !($(el, 'button.generate') as HTMLButtonElement).disabled)
    $(el, 'button.generate')!.click()
    await waitUntil(() => server.requests.some(r => r.method === 'POST' && r.url.endsWith('app/user/generations')), 'not started again')
    expect(bodyOf(server.requests.find(r => r.method === 'POST' && r.url.endsWith('app/user/generations'))!)).to.deep.include({ source: { imageFileId: 'f1' } })
  })

  it('says when no model is configured', async () => {
    server = startServer([])
    const el = fixtureSync(html`<zx-video-generate></zx-video-generate>`) as HTMLElement
    await waitUntil(() => $$(el, 'zx-empty-state').length === 2, 'no empty states')
    expect($$(el, 'zx-empty-state')[0]!.getAttribute('message')).to.equal($generationsMessages.get().noVideoModels)
  })

  for (const width of [1280, 375]) {
    it(`both pages fit ${width} px in English`, async () => {
      await setViewport({ width, height: 800 })
      $appSetting.setKey('language', 'en-US')
      await loadLocale('en-US')
      server = startServer([IMAGE_MODEL, VIDEO_MODEL])
      server.jobs.push(
        job({ id: 'i', kind: 'image', status: 'running', progress: 30, prompt: 'photosynthesis' }),
        job({ id: 'v', kind: 'video', status: 'queued', prompt: 'water cycle' }),
      )
      for (const tag of ['zx-image-generate', 'zx-video-generate']) {
        const el = fixtureSync(`<${tag}></${tag}>`) as HTMLElement
        await waitUntil(() => $(el, 'button.generate') && $(el, '.job-card'), `${tag} did not load`)
        await waitUntil(() => $(el, 'button.generate')!.textContent === 'Generate', 'not in English')
        expect(el.shadowRoot!.textContent).to.not.match(/[\u4e00-\u9fff]/u, 'no Chinese left on the English page')
        expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width)
        const form = $(el, '.generator-form')!.getBoundingClientRect()
        const gallery = $(el, '.gallery')!.getBoundingClientRect()
        if (width === 375) expect(gallery.top, 'one column on a phone').to.be.at.least(form.bottom - 1)
        else expect(gallery.left, 'side by side on a wide screen').to.be.at.least(form.right - 1)
      }
    })
  }
})
