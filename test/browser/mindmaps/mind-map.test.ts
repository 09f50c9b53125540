/// <reference types="mocha" />
// The mind-map page's element (<zx-mind-map>) at 1280 and 375 px,
// in English and Russian (the longest labels): a saved map opens and draws,
// the list, toolbar and canvas stay inside the screen (no sideways scroll,
// the canvas as wide as the page allows and tall enough to read), and no
// Chinese is left on the page.
import { expect, fixtureSync, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/mindmaps/define'
import { loadLocale } from '../../../src/i18n'
import { $appSetting } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const OUTLINE = [
  '# Lathe setup',
  '## Tool setting',
  '- Trial cut',
  '- Probe',
  '## Coordinates',
  '- Machine zero',
  '- Work zero',
  '## Safety',
  '- Guards closed',
].join('\n')
const MAP = { id: 'm1', title: 'Lathe setup', source: null, shared: false, createdAt: Date.now(), updatedAt: Date.now() }

/** A teacher opens the map and, as soon as its nodes are there, inserts it into lesson l1. */
async function insertAsSoonAsDrawn(): Promise<void> {
  await setViewport({ width: 1280, height: 800 })
  const el = fixtureSync('<zx-mind-map map-id="m1"></zx-mind-map>') as HTMLElement
  await waitUntil(() => $$(el, '.markmap-node').length >= 9, 'the map is drawn', { timeout: 8000 })
  $(el, '[data-testid="mind-map-insert"]')!.click()
  await waitUntil(() => $(el, '[data-testid="pick-lesson"]'), 'the lesson picker did not load')
  $(el, '[data-testid="insert-confirm"]')!.click()
}

function startServer(): FakeFetch {
  return fakeFetch(request => {
    const path = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    if (path === 'app/user/mindmaps' && request.method === 'GET') return envelope(200, [MAP])
    if (path === 'app/user/mindmaps/m1') return envelope(200, { ...MAP, outline: OUTLINE, shareToken: null, sharedAt: null })
    // Insert into a lesson: the map is uploaded as a picture, then put into the lesson.
    if (path === 'course/courses' && request.method === 'GET')
      return envelope(200, { items: [{ id: 'c1', title: 'Lathes' }], total: 1, facets: { categories: [], terms: [] } })
    if (path === 'course/courses/c1')
      return envelope(200, {
        id: 'c1',
        canEdit: true,
        chapters: [
          { id: 'ch1', title: 'Basics', lessons: [{ id: 'l1', title: 'Setup', hasVideo: false, durationMinutes: 0, attachmentCount: 0, progress: null }] },
        ],
      })
    if (path === 'app/api/file/upload')
      return envelope(200, { id: 'png1', url: '/new-chat/app/api/file/png1', name: 'Lathe setup.png', size: 100, mime: 'image/png' })
    if (path === 'course/lessons/l1/insert') return envelope(200, { id: 'l1', title: 'Setup' })
    return envelope(404, null, 'no route')
  })
}

describe('<zx-mind-map> on screens', function () {
  this.timeout(20_000)
  let server: FakeFetch
  afterEach(() => {
    server.restore()
    $appSetting.setKey('language', 'zh-CN')
  })

  for (const width of [1280, 375]) {
    for (const language of ['en-US', 'ru-RU'] as const) {
      it(`a saved map fits ${width} px in ${language}`, async () => {
        await setViewport({ width, height: 800 })
        $appSetting.setKey('language', language)
        // The language's words come in a lazily loaded file: a busy machine draws the map first.
        await loadLocale(language)
        server = startServer()
        const el = fixtureSync('<zx-mind-map map-id="m1"></zx-mind-map>') as HTMLElement
        await waitUntil(() => $$(el, '.markmap-node').length >= 9, 'the map is drawn', { timeout: 8000 })
        await waitUntil(() => $$(el, '[data-testid="mind-map-item"]').length === 1, 'the saved map is listed')
        await new Promise(resolve => setTimeout(resolve, 300))

        const text = [...el.shadowRoot!.querySelectorAll('button, h1, h2, h3, p, label, [placeholder], [title], [aria-label]')]
          .map(node => `${node.textContent ?? ''} ${node.getAttribute('placeholder') ?? ''} ${node.getAttribute('aria-label') ?? ''}`)
          .join(' ')
        expect(text).to.not.match(/[\u4e00-\u9fff]/u, 'no Chinese left on the page')
        expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width)

        const canvas = $(el, '[data-testid="mind-map-canvas"]')!.getBoundingClientRect()
        expect(canvas.right, 'the canvas ends inside the screen').to.be.at.most(width)
        expect(canvas.width, 'the canvas takes most of the width').to.be.at.least(width === 375 ? 300 : 600)
        expect(canvas.height, 'the canvas is tall enough to read').to.be.at.least(width === 375 ? 280 : 360)
        for (const button of $$(el, 'button')) {
          const box = button.getBoundingClientRect()
          if (box.width === 0) continue
          expect(box.right, `"${button.textContent}" inside the screen`).to.be.at.most(width)
          expect(button.scrollWidth, `"${button.textContent}" is not cut`).to.be.at.most(button.clientWidth + 1)
        }
      })
    }
  }

  it('a picture taken before the map has finished its layout still shows the whole map (a slow computer)', async () => {
    // A busy classroom computer (or a tab in the background) runs animation frames late;
    // markmap adds the nodes at once but places them in a frame, so they start piled up.
    const realFrame = window.requestAnimationFrame
    window.requestAnimationFrame = callback => window.setTimeout(() => realFrame.call(window, callback), 400)
    try {
      server = startServer()
      await insertAsSoonAsDrawn()
      // Frames 400 ms late: the export waits up to 3 s for the layout, then draws the picture
      // frame by frame; on a busy CI machine that took over 8 s once.
      await waitUntil(() => server.requests.some(r => r.url.endsWith('app/api/file/upload')), 'not uploaded', { timeout: 16_000 })
      const upload = server.requests.find(r => r.url.endsWith('app/api/file/upload'))!
      const picture = await createImageBitmap((upload.body as FormData).get('file') as File)
      // Nine nodes side by side in three columns, at twice their size: far wider and taller than one node.
      expect(picture.width, 'the picture spans the map, not one pile of nodes').to.be.greaterThan(600)
      expect(picture.height, 'the picture spans the map, not one pile of nodes').to.be.greaterThan(300)
    } finally {
      window.requestAnimationFrame = realFrame
    }
  })

  it('a teacher inserts the map into a lesson as a picture', async () => {
    server = startServer()
    await insertAsSoonAsDrawn()
    await waitUntil(() => server.requests.some(r => r.url.endsWith('course/lessons/l1/insert')), 'not inserted', { timeout: 8000 })
    const upload = server.requests.find(r => r.url.endsWith('app/api/file/upload'))!
    const file = (upload.body as FormData).get('file') as File
    expect(file.type).to.equal('image/png')
    expect(file.size, 'a real picture of the map').to.be.greaterThan(1000)
    expect(JSON.parse(String(server.requests.find(r => r.url.endsWith('course/lessons/l1/insert'))!.body))).to.deep.include({
      fileId: 'png1',
      caption: 'Lathe setup',
    })
  })
})
