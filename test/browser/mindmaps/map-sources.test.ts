/// <reference types="mocha" />
// <zx-mind-map> makes a map from material picked on the screen: a file the
// person uploads (through the chunked uploader) or a parsed document of a
// knowledge base they may read. The outline request names that material.
import { expect, fixtureSync, waitUntil } from '@open-wc/testing'
import '../../../src/elements/mindmaps/define'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const OUTLINE = ['# Hydraulics', '## Pumps', '- Gear pump', '## Valves', '- Relief valve'].join('\n')

function outlineStream(title: string, kind: string, id: string): Response {
  const events = [
    { type: 'start', engine: 'model', title, source: { kind, id, title } },
    { type: 'lines', text: OUTLINE },
    { type: 'done', outline: OUTLINE, nodes: 5 },
  ]
  return new Response(events.map(event => `data: ${JSON.stringify(event)}\n\n`).join(''), { headers: { 'Content-Type': 'text/event-stream' } })
}

const DOC = (id: string, name: string, status: string) => ({
  id,
  datasetId: 'd1',
  name,
  mime: 'application/pdf',
  size: 1000,
  status,
  error: null,
  pageCount: 3,
  charCount: 900,
  chunkCount: 4,
  fileUrl: '',
  createTime: 0,
  updateTime: 0,
})

function startServer(): FakeFetch {
  return fakeFetch(request => {
    const path = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    if (path === 'app/user/mindmaps' && request.method === 'GET') return envelope(200, [])
    // The chunked uploader: the server has no chunk yet (204), then the one chunk completes the file.
    if (path === 'app/api/file/chunk' && request.method === 'GET') return new Response(null, { status: 204 })
    if (path === 'app/api/file/chunk')
      return envelope(200, { complete: true, file: { id: 'f1', url: '/new-chat/app/api/file/f1', name: 'hydraulics.md', size: 20, mime: 'text/markdown' } })
    if (path === 'course/ragDataset/list')
      return envelope(200, [
        { id: 'd1', name: 'Fluid power', description: '', visibility: 'school', documentCount: 2, chunkCount: 4, mine: false, owner: { id: 'u9', name: 'Li' } },
      ])
    if (path === 'course/ragDataset/d1/documents') return envelope(200, [DOC('doc1', 'Hydraulics.pdf', 'ready'), DOC('doc2', 'Draft.pdf', 'parsing')])
    if (path === 'app/user/mindmaps/outline') {
      const { source } = JSON.parse(String(request.body)) as { source: { kind: string; id: string } }
      return outlineStream('Hydraulics', source.kind, source.id)
    }
    return envelope(404, null, `no route ${request.method} ${path}`)
  })
}

/** markmap fits the drawing in an animation: let it end before the element is removed. */
const fitted = () => new Promise(resolve => setTimeout(resolve, 600))

const outlineBody = (requests: SentRequest[]) => {
  const sent = requests.find(r => r.url.endsWith('app/user/mindmaps/outline'))
  return sent ? (JSON.parse(String(sent.body)) as { source: unknown }) : undefined
}

describe('<zx-mind-map> from a file or a knowledge document', function () {
  this.timeout(20_000)
  let server: FakeFetch
  afterEach(() => server.restore())

  it('uploads the chosen file and maps it', async () => {
    server = startServer()
    const el = fixtureSync('<zx-mind-map></zx-mind-map>') as HTMLElement
    await waitUntil(() => $(el, '[data-testid="mind-map-file-input"]'), 'the file button is there')
    const input = $(el, '[data-testid="mind-map-file-input"]') as HTMLInputElement
    const files = new DataTransfer()
    files.items.add(new File(['# Hydraulics\n## Pumps\n'], 'hydraulics.md', { type: 'text/markdown' }))
    input.files = files.files
    input.dispatchEvent(new Event('change', { bubbles: true }))

    await waitUntil(() => outlineBody(server.requests), 'the outline is asked for', { timeout: 8000 })
    expect(outlineBody(server.requests)!.source).to.deep.equal({ kind: 'file', id: 'f1' })
    await waitUntil(() => $$(el, '.markmap-node').length >= 5, 'the map is drawn', { timeout: 8000 })
    await fitted()
  })

  it('lists the ready documents of a knowledge base and maps the one picked', async () => {
    server = startServer()
    const el = fixtureSync('<zx-mind-map></zx-mind-map>') as HTMLElement
    await waitUntil(() => $(el, '[data-testid="mind-map-from-document"]'), 'the document button is there')
    $(el, '[data-testid="mind-map-from-document"]')!.click()
    await waitUntil(() => $$(el, '[data-testid="mind-map-document"]').length > 0, 'the documents are listed', { timeout: 8000 })
    const names = $$(el, '[data-testid="mind-map-document"]').map(b => b.textContent)
    expect(names, 'only parsed documents can be mapped').to.deep.equal(['Hydraulics.pdf'])
    $$(el, '[data-testid="mind-map-document"]')[0]!.click()

    await waitUntil(() => outlineBody(server.requests), 'the outline is asked for', { timeout: 8000 })
    expect(outlineBody(server.requests)!.source).to.deep.equal({ kind: 'document', id: 'doc1' })
    await waitUntil(() => $$(el, '.markmap-node').length >= 5, 'the map is drawn', { timeout: 8000 })
    expect($(el, '[data-testid="mind-map-document-dialog"]'), 'the dialog closed').to.equal(null)
    await fitted()
  })
})
