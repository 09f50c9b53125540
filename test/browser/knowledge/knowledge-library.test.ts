import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/knowledge/define'
import '../../../src/elements/resources/define'
import { rootTokensCss } from '../../../src/elements/shared/theme.css'
import { $toasts, clearToasts } from '../../../src/stores/toasts'
import { clearFinishedUploads } from '../../../src/stores/uploads'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

const dataset = {
  id: 'd1',
  name: '数控实训资料',
  description: '',
  visibility: 'private',
  courseIds: [],
  documentCount: 2,
  readyCount: 1,
  chunkCount: 3,
  owner: { id: 'u1', name: '王老师' },
  mine: true,
  createTime: 1,
  updateTime: 1,
}
const doc = (id: string, status: string, error: string | null = null) => ({
  id,
  datasetId: 'd1',
  name: `${id}.pdf`,
  mime: 'application/pdf',
  size: 2048,
  status,
  error,
  pageCount: 2,
  charCount: 100,
  chunkCount: status === 'ready' ? 3 : 0,
  fileUrl: `/new-chat/app/api/file/${id}?access=x`,
  createTime: 1,
  updateTime: 1,
})

/** Routes answer data (wrapped in a 200 envelope) or a whole Response (a refusal, a 204). */
function server(routes: Record<string, (request: SentRequest) => unknown>): FakeFetch {
  return fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const key = `${request.method} ${url.pathname.replace('/new-chat', '')}`
    const handler = routes[key]
    if (!handler) return envelope(404, null, `no route ${key}`)
    const reply = handler(request)
    return reply instanceof Response ? reply : envelope(200, reply)
  })
}

/** A computed colour as [r, g, b, alpha] on 0–255 (rgb()/rgba(), or color(srgb …) for color-mix results). */
function channels(color: string): [number, number, number, number] {
  const n = color.match(/[\d.]+/g)!.map(Number)
  const scale = color.startsWith('color(') ? 255 : 1
  return [n[0]! * scale, n[1]! * scale, n[2]! * scale, n[3] ?? 1]
}
const luminance = ([r, g, b]: number[]) =>
  [r!, g!, b!].map(v => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0)
/** WCAG contrast of an element's text on its own (tinted) background, laid over the page (white unless given). */
function contrastOnOwnBackground(node: HTMLElement, page = [255, 255, 255]): number {
  const style = getComputedStyle(node)
  const [r, g, b, a] = channels(style.backgroundColor)
  const back = [r, g, b].map((v, i) => v * a + page[i]! * (1 - a))
  const [hi, lo] = [luminance(channels(style.color)), luminance(back)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

const shadow = (el: Element) => el.shadowRoot!
const q = (el: Element, selector: string) => shadow(el).querySelector<HTMLElement>(selector)
const all = (el: Element, selector: string) => [...shadow(el).querySelectorAll<HTMLElement>(selector)]

describe('<zx-knowledge-library>', () => {
  let fake: FakeFetch | undefined
  afterEach(() => fake?.restore())

  it('lists datasets and opens one with each document status and its error', async () => {
    fake = server({
      'GET /course/ragDataset/list': () => [dataset],
      'GET /course/ragDataset/d1': () => dataset,
      'GET /course/ragDataset/d1/documents': () => [doc('good', 'ready'), doc('scan', 'error', '这个 PDF 没有可提取的文字（可能是扫描件或图片）')],
    })
    const el = fixtureSync(html`<zx-knowledge-library></zx-knowledge-library>`)
    await waitUntil(() => q(el, '[data-testid="dataset-card"]'))
    expect(q(el, '[data-testid="dataset-card"]')!.textContent).to.contain('数控实训资料')
    q(el, '[data-testid="dataset-card"]')!.click()
    await waitUntil(() => all(el, '[data-testid="document"]').length === 2)
    const [good, scan] = all(el, '[data-testid="document"]')
    expect(good!.dataset.status).to.equal('ready')
    expect(scan!.querySelector('[data-testid="document-error"]')!.textContent).to.contain('扫描件')
    expect(q(el, '[data-testid="upload-documents"]')).to.exist
    // The status badges' text stays readable on their green and red tints (WCAG AA, 4.5:1).
    for (const row of [good!, scan!]) expect(contrastOnOwnBackground(row.querySelector('[data-testid="document-status"]')!)).to.be.at.least(4.5)
  })

  it('keeps the visibility badges readable on their tints in the dark theme too', async () => {
    // The page's tokens, as the host app writes them.
    const tokens = Object.assign(document.createElement('style'), { textContent: rootTokensCss })
    document.head.append(tokens)
    document.documentElement.dataset.theme = 'dark'
    try {
      fake = server({
        'GET /course/ragDataset/list': () => [
          { ...dataset, id: 'd1', visibility: 'course' },
          { ...dataset, id: 'd2', visibility: 'school' },
        ],
      })
      const el = fixtureSync(html`<zx-knowledge-library></zx-knowledge-library>`)
      await waitUntil(() => all(el, '[data-testid="dataset-card"]').length === 2)
      // Laid over the dark theme's elevated card (#1e222a).
      for (const badge of all(el, '.badge.visibility')) expect(contrastOnOwnBackground(badge, [30, 34, 42])).to.be.at.least(4.5)
    } finally {
      delete document.documentElement.dataset.theme
      tokens.remove()
    }
  })

  it('reports the open dataset as its place (?datasetId), follows the attribute back, and drops a dataset that is gone', async () => {
    fake = server({
      'GET /course/ragDataset/list': () => [dataset],
      'GET /course/ragDataset/d1': () => dataset,
      'GET /course/ragDataset/d1/documents': () => [doc('good', 'ready')],
    })
    const places: unknown[] = []
    const record = (event: Event) => places.push((event as CustomEvent).detail)
    document.addEventListener('zx:place-change', record)
    try {
      const el = fixtureSync(html`<zx-knowledge-library></zx-knowledge-library>`)
      await waitUntil(() => q(el, '[data-testid="dataset-card"]'))
      q(el, '[data-testid="dataset-card"]')!.click()
      await waitUntil(() => places.length === 1, 'opening was not reported')
      expect(places[0]).to.deep.equal({ params: { datasetId: 'd1' }, replace: undefined })
      // the host writes it into the URL and passes it back; Back removes it again
      el.setAttribute('dataset-id', 'd1')
      await waitUntil(() => all(el, '[data-testid="document"]').length === 1)
      el.removeAttribute('dataset-id')
      await waitUntil(() => q(el, '[data-testid="dataset-card"]'), 'Back did not return to the list')

      const gone = fixtureSync(html`<zx-knowledge-library dataset-id="d9"></zx-knowledge-library>`)
      await waitUntil(() => places.length === 2, 'a missing dataset was not dropped from the URL')
      expect(places[1]).to.deep.equal({ params: { datasetId: '' }, replace: true })
      await waitUntil(() => q(gone, '[data-testid="dataset-card"]'), 'the list shows')
    } finally {
      document.removeEventListener('zx:place-change', record)
    }
  })

  it('polls while a document is being parsed, until it is ready', async () => {
    let calls = 0
    fake = server({
      'GET /course/ragDataset/d1': () => dataset,
      'GET /course/ragDataset/d1/documents': () => [doc('slow', ++calls < 2 ? 'parsing' : 'ready')],
    })
    const el = fixtureSync(html`<zx-knowledge-library dataset-id="d1"></zx-knowledge-library>`)
    await waitUntil(() => q(el, '[data-testid="document"]')?.dataset.status === 'parsing')
    await waitUntil(() => q(el, '[data-testid="document"]')?.dataset.status === 'ready', 'became ready', { timeout: 4000 })
  })

  it('the search test shows hits with their relevance and keyword score', async () => {
    fake = server({
      'GET /course/ragDataset/d1': () => dataset,
      'GET /course/ragDataset/d1/documents': () => [],
      'POST /course/ragDataset/search': () => [
        {
          chunkId: 'c1',
          datasetId: 'd1',
          documentId: 'good',
          documentName: 'good.pdf',
          position: 0,
          page: 2,
          content: 'M03 表示主轴正转',
          score: 0.82,
          bm25: 1.234,
          similarity: null,
          fused: 0.016,
        },
      ],
    })
    const el = fixtureSync(html`<zx-knowledge-library dataset-id="d1"></zx-knowledge-library>`)
    await waitUntil(() => q(el, '[data-testid="tab-search"]'))
    q(el, '[data-testid="tab-search"]')!.click()
    await waitUntil(() => q(el, '[data-testid="search-query"]'))
    const input = q(el, '[data-testid="search-query"]') as HTMLInputElement
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, 'M03 是什么')
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await waitUntil(() => !(q(el, '[data-testid="search-run"]') as HTMLButtonElement).disabled)
    q(el, '[data-testid="search-run"]')!.click()
    await waitUntil(() => q(el, '[data-testid="search-hit"]'))
    const hit = q(el, '[data-testid="search-hit"]')!.textContent!
    expect(hit).to.contain('相关度 82%')
    expect(hit).to.contain('关键词 1.23')
    expect(hit).to.contain('第 2 页')
    const sent = JSON.parse(String(fake.requests.find(r => r.method === 'POST')!.body))
    expect(sent).to.deep.equal({ datasetIds: ['d1'], query: 'M03 是什么', limit: 10 })
  })
})

describe('<zx-resource-library>', () => {
  let fake: FakeFetch | undefined
  afterEach(() => fake?.restore())

  it('deleting a resource offers an undo that restores it', async () => {
    const resource = {
      id: 'r1',
      name: '讲义.pdf',
      mime: 'application/pdf',
      size: 1024,
      kind: 'pdf',
      tags: ['制图'],
      folderId: null,
      url: '/x',
      downloadUrl: '/x&download=1',
      courseIds: [],
      mine: true,
      createTime: 1,
      updateTime: 1,
    }
    let deleted = false
    fake = server({
      'GET /course/resource/list': () => ({
        path: [],
        folders: [{ id: 'f1', name: '第一单元', parentId: null, updateTime: 1 }],
        items: deleted ? [] : [resource],
        tags: ['制图'],
      }),
      'DELETE /course/resource/r1': () => ((deleted = true), { deletedAt: 1 }),
      'POST /course/resource/r1/restore': () => ((deleted = false), resource),
    })
    const el = fixtureSync(html`<zx-resource-library></zx-resource-library>`)
    await waitUntil(() => q(el, '[data-testid="resource-row"]'))
    expect(q(el, '[data-testid="folder-row"]')!.textContent).to.contain('第一单元')
    q(el, '[data-testid="delete-resource"]')!.click()
    await waitUntil(() => q(el, '[data-testid="undo-bar"]') && !q(el, '[data-testid="resource-row"]'))
    q(el, '[data-testid="undo"]')!.click()
    await waitUntil(() => q(el, '[data-testid="resource-row"]'))
    expect(fake.requests.some(r => r.method === 'POST' && r.url.includes('/restore'))).to.equal(true)
  })

  it('shows the grid view with a card per resource', async () => {
    fake = server({
      'GET /course/resource/list': () => ({
        path: [],
        folders: [],
        items: [
          {
            id: 'r2',
            name: '演示.mp4',
            mime: 'video/mp4',
            size: 5e7,
            kind: 'video',
            tags: [],
            folderId: null,
            url: '/v',
            downloadUrl: '/v&download=1',
            courseIds: ['c1'],
            mine: true,
            createTime: 1,
            updateTime: 1,
          },
        ],
        tags: [],
      }),
    })
    const el = fixtureSync(html`<zx-resource-library view="grid"></zx-resource-library>`)
    await waitUntil(() => q(el, '[data-testid="resource-card"]'))
    expect(q(el, '[data-testid="resource-card"]')!.textContent).to.contain('47.7 MB')
  })
})

interface Replies {
  /** The chunk POST's reply for a file name (default: stored). */
  chunk?: (name: string) => Response | undefined
  /** The reply to adding the stored file to the knowledge base (default: added). */
  add?: () => Response
}

function libraryServer(replies: Replies): FakeFetch {
  return server({
    'GET /course/ragDataset/d1': () => dataset,
    'GET /course/ragDataset/d1/documents': () => [],
    'GET /app/api/file/chunk': () => new Response(null, { status: 204 }),
    'POST /app/api/file/chunk': request => {
      const name = String((request.body as FormData).get('filename'))
      return (
        replies.chunk?.(name) ?? { complete: true, file: { id: `f-${name}`, url: `/new-chat/app/api/file/f-${name}`, name, size: 12, mime: 'application/pdf' } }
      )
    },
    'POST /course/ragDataset/d1/documents': () => (replies.add ? replies.add() : []),
  })
}

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const rowOf = (el: Element, name: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="upload-row"]')].find(row => row.querySelector('.name')?.textContent === name)

async function openAndUpload(names: string[]): Promise<Element> {
  const el = fixtureSync(html`<zx-knowledge-library dataset-id="d1"></zx-knowledge-library>`)
  await until(() => q(el, '[data-testid="document-input"]'), 'the dataset did not open')
  const input = q(el, '[data-testid="document-input"]') as HTMLInputElement
  const transfer = new DataTransfer()
  for (const name of names) transfer.items.add(new File([`内容 ${name}`], name, { type: 'application/pdf', lastModified: names.indexOf(name) + 1 }))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
  return el
}

// The upload list tells a refusal from a failure: a file the server refuses as
// such (a type its content check does not take, 415; already in this knowledge
// base) shows why in its row and offers no retry, since sending it again is
// refused again; a failure of the connection or the server keeps its retry,
// and retrying a stored file adds it again.
describe('<zx-knowledge-library> upload list: refusals and failures', () => {
  let fake: FakeFetch | undefined
  beforeEach(() => clearToasts())
  afterEach(() => {
    fake?.restore()
    clearFinishedUploads()
  })

  it('offers no retry for a file refused as the wrong type, and keeps it for a server failure', async () => {
    fake = libraryServer({
      chunk: name =>
        name === 'fake.pdf'
          ? envelope(415, null, '“fake.pdf”的内容不是 PDF 文件')
          : name === 'busy.pdf'
            ? envelope(500, null, '服务器出错了，请稍后重试')
            : undefined,
    })
    const el = await openAndUpload(['fake.pdf', 'busy.pdf'])
    await until(() => rowOf(el, 'fake.pdf')?.dataset.status === 'error', 'the refused file did not fail')
    await until(() => rowOf(el, 'busy.pdf')?.dataset.status === 'error', 'the failing file did not fail')
    const refused = rowOf(el, 'fake.pdf')!
    expect(refused.querySelector('[data-testid="upload-status"]')!.textContent).to.contain('内容不是 PDF')
    expect(!!refused.querySelector('[data-testid="retry-upload"]'), 'a retry that can never succeed').to.equal(false)
    expect(!!rowOf(el, 'busy.pdf')!.querySelector('[data-testid="retry-upload"]'), 'a server failure can be retried').to.equal(true)
  })

  it('shows a file already in this knowledge base as refused in its row, not as done, without a retry', async () => {
    fake = libraryServer({ add: () => envelope(400, null, '所选文件已经在这个知识库中') })
    const el = await openAndUpload(['twice.pdf'])
    await until(() => rowOf(el, 'twice.pdf')?.dataset.status === 'error', 'the refused file still shows as uploaded')
    const row = rowOf(el, 'twice.pdf')!
    expect(row.querySelector('[data-testid="upload-status"]')!.textContent).to.equal('所选文件已经在这个知识库中')
    expect(!!row.querySelector('[data-testid="upload-percent"]'), 'no "100%"').to.equal(false)
    expect(!!row.querySelector('[data-testid="retry-upload"]'), 'no retry').to.equal(false)
    expect(
      $toasts.get().map(t => t.message),
      'the row says it; no toast repeats it',
    ).to.deep.equal([])
  })

  it('lets a file whose adding failed on the connection be retried, which adds it', async () => {
    let adds = 0
    fake = libraryServer({
      add: () => {
        adds += 1
        if (adds === 1) throw new TypeError('Failed to fetch')
        return envelope(200, [])
      },
    })
    const el = await openAndUpload(['report.pdf'])
    await until(() => rowOf(el, 'report.pdf')?.dataset.status === 'error', 'a failed add still shows as uploaded')
    rowOf(el, 'report.pdf')!.querySelector<HTMLElement>('[data-testid="retry-upload"]')!.click()
    await until(() => rowOf(el, 'report.pdf')?.dataset.status === 'success', 'the retried file was not added')
    expect(adds).to.equal(2)
    expect(fake.requests.filter(r => r.method === 'POST' && r.url.includes('/app/api/file/chunk')).length, 'the stored file is not sent again').to.equal(1)
  })
})
