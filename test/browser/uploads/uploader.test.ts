import { expect } from '@open-wc/testing'
import { Uploader, chunkRanges, type UploaderEvent, type UploadItem } from '../../../src/api/uploader'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

/** An in-memory chunk server: remembers chunks per identifier, answers like ours. */
function chunkServer(
  options: { failFirst?: number; failStatus?: number; have?: number[]; refuse?: { status: number; msg: string; data?: Record<string, unknown> | null } } = {},
) {
  const chunks = new Map<string, Set<number>>()
  let failures = options.failFirst ?? 0
  const posts: number[] = []
  const handler = async (request: SentRequest) => {
    if (options.refuse) return envelope(options.refuse.status, options.refuse.data ?? null, options.refuse.msg)
    if (request.method === 'GET') {
      const q = new URL(request.url, location.href).searchParams
      const id = q.get('identifier')!
      const have = chunks.get(id) ?? new Set(options.have ?? [])
      chunks.set(id, have)
      return have.has(Number(q.get('chunkNumber'))) ? envelope(200, { complete: false }) : new Response(null, { status: 204 })
    }
    if (failures > 0) {
      failures -= 1
      return envelope(options.failStatus ?? 503, null, 'busy', options.failStatus ?? 503)
    }
    const form = request.body as FormData
    const id = String(form.get('identifier'))
    const n = Number(form.get('chunkNumber'))
    const total = Number(form.get('totalChunks'))
    const file = form.get('file') as Blob
    expect(file.size).to.equal(Number(form.get('currentChunkSize')))
    posts.push(n)
    const have = chunks.get(id) ?? new Set<number>()
    have.add(n)
    chunks.set(id, have)
    if (have.size === total)
      return envelope(200, {
        complete: true,
        file: { id: 'f1', url: '/new-chat/app/api/file/f1', name: String(form.get('filename')), size: Number(form.get('totalSize')), mime: 'video/mp4' },
      })
    return envelope(200, { complete: false, chunkNumber: n })
  }
  return { handler, posts }
}

function waitFor<M>(uploader: Uploader<M>, type: 'success' | 'error'): Promise<UploadItem<M>> {
  return new Promise(resolve => {
    const stop = uploader.subscribe((event: UploaderEvent<M>) => {
      if (event.type === type) {
        stop()
        resolve(event.item)
      }
    })
  })
}

const file = (size: number, name = 'lesson.mp4') => new File([new Uint8Array(size).map((_, i) => i % 251)], name, { lastModified: 1_700_000_000_000 })

describe('uploader (chunk protocol)', () => {
  let fake: FakeFetch | undefined
  afterEach(() => fake?.restore())

  it('lays chunks out like simple-uploader: the last one takes the remainder', () => {
    expect(chunkRanges(10, 4)).to.deep.equal([
      { start: 0, end: 4 },
      { start: 4, end: 10 },
    ])
    expect(chunkRanges(3, 4)).to.deep.equal([{ start: 0, end: 3 }])
  })

  it('sends every chunk with its parameters and checksums, reports progress, and ends with the stored file', async () => {
    const server = chunkServer()
    fake = fakeFetch(server.handler)
    const uploader = new Uploader<string>({ chunkSize: 1000, storage: null, headers: () => ({}) })
    const progress: number[] = []
    uploader.subscribe(e => {
      if (e.type === 'progress' && e.item.status === 'uploading') progress.push(e.item.progress)
    })
    const done = waitFor(uploader, 'success')
    uploader.add([file(4500)], 'folder-1')
    const item = await done
    expect(item.file?.id).to.equal('f1')
    expect(item.meta).to.equal('folder-1')
    expect(server.posts.sort()).to.deep.equal([1, 2, 3, 4])
    expect(progress.length).to.be.greaterThan(0)
    expect(progress.every(p => p > 0 && p <= 1)).to.equal(true)
    const form = fake.requests.find(r => r.method === 'POST')!.body as FormData
    for (const key of ['chunkNumber', 'chunkSize', 'currentChunkSize', 'totalSize', 'identifier', 'filename', 'relativePath', 'totalChunks'])
      expect(form.has(key), key).to.equal(true)
    expect(String(form.get('fileSha256'))).to.match(/^[0-9a-f]{64}$/)
    expect(String(form.get('chunkSha256'))).to.match(/^[0-9a-f]{64}$/)
  })

  it('resumes: chunks the server already has are not sent again', async () => {
    const server = chunkServer({ have: [1, 2] })
    fake = fakeFetch(server.handler)
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}) })
    const done = waitFor(uploader, 'success')
    uploader.add([file(4000)], null)
    await done
    expect(server.posts.sort()).to.deep.equal([3, 4])
  })

  it('retries a failing chunk after the interval, then succeeds', async () => {
    const server = chunkServer({ failFirst: 2 })
    fake = fakeFetch(server.handler)
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}), chunkRetryInterval: 5, simultaneousUploads: 1 })
    let retries = 0
    uploader.subscribe(e => void (e.type === 'retry' && (retries += 1)))
    const done = waitFor(uploader, 'success')
    uploader.add([file(2000)], null)
    await done
    expect(retries).to.equal(2)
  })

  it('a chunk the server could not take for now (503 while its database restarts) is sent again, not before its Retry-After', async () => {
    const server = chunkServer()
    const postedAt: number[] = []
    let refused = false
    fake = fakeFetch(async request => {
      if (request.method !== 'POST') return server.handler(request)
      postedAt.push(Date.now())
      if (refused) return server.handler(request)
      refused = true
      return new Response(JSON.stringify({ code: 503, msg: 'database interrupted', data: null }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
      })
    })
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}), chunkRetryInterval: 5, simultaneousUploads: 1, testChunks: false })
    const done = waitFor(uploader, 'success')
    uploader.add([file(1000)], null)
    expect((await done).status).to.equal('success')
    expect(postedAt.length).to.equal(2)
    // (A lower bound only: a busy machine can make the wait longer, never shorter.)
    expect(postedAt[1]! - postedAt[0]!, 'the second attempt waited for the Retry-After').to.be.at.least(950)
  })

  it('keeps waiting for the connection when a chunk reply lands just after going offline', async () => {
    // Found by the e2e upload flow: the reply to a chunk already on its way when the
    // browser went offline turned the row back to "uploading", and it stayed so, stuck.
    const server = chunkServer()
    let wentOffline = false
    fake = fakeFetch(async request => {
      const reply = await server.handler(request)
      if (request.method === 'POST' && !wentOffline) {
        wentOffline = true
        window.dispatchEvent(new Event('offline'))
      }
      return reply
    })
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}), simultaneousUploads: 1, testChunks: false })
    let status = ''
    uploader.subscribe(event => void ('item' in event && (status = event.item.status)))
    const done = waitFor(uploader, 'success')
    uploader.add([file(3000)], null)
    for (let i = 0; i < 100 && !wentOffline; i++) await new Promise(resolve => setTimeout(resolve, 10))
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(status, 'the row says it waits for the connection').to.equal('retry')
    expect(server.posts.length, 'nothing sent while offline').to.equal(1)
    window.dispatchEvent(new Event('online'))
    expect((await done).status).to.equal('success')
    expect(server.posts.length).to.equal(3)
  })

  it('gives up after the maximum retries', async () => {
    fake = fakeFetch(chunkServer({ failFirst: 100 }).handler)
    const uploader = new Uploader({
      chunkSize: 1000,
      storage: null,
      headers: () => ({}),
      chunkRetryInterval: 1,
      maxChunkRetries: 2,
      simultaneousUploads: 1,
      testChunks: false,
    })
    const failed = waitFor(uploader, 'error')
    uploader.add([file(1000)], null)
    expect((await failed).error).to.equal('network')
    expect(fake.requests.filter(r => r.method === 'POST').length).to.equal(3)
  })

  it('a permanent error fails at once with the server message', async () => {
    fake = fakeFetch(chunkServer({ refuse: { status: 413, msg: '存储空间不足', data: { reason: 'storage-full' } } }).handler)
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}) })
    const failed = waitFor(uploader, 'error')
    uploader.add([file(3000)], null)
    const item = await failed
    expect(item.error).to.equal('存储空间不足')
    expect(item.refused, 'space can be freed: a retry may help').to.equal(false)
    expect(fake.requests.length).to.be.lessThan(4)
  })

  for (const [what, data] of [
    ['a file over the size limit (413 file-too-large)', { reason: 'file-too-large' }],
    ['a 413 without a reason (a server before reasons, or a proxy)', null],
  ] as const) {
    it(`${what} is refused as such: no retry, unlike full storage`, async () => {
      fake = fakeFetch(chunkServer({ refuse: { status: 413, msg: '文件太大（5 GB），单个文件最大 4 GB', data } }).handler)
      const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}) })
      const failed = waitFor(uploader, 'error')
      uploader.add([file(3000)], null)
      const item = await failed
      expect([item.error, item.refused]).to.deep.equal(['文件太大（5 GB），单个文件最大 4 GB', true])
      const sent = fake.requests.length
      uploader.retry(item.id)
      expect(fake.requests.length).to.equal(sent)
    })
  }

  it('a file the content check refuses (415) is refused as such: retry sends nothing again', async () => {
    fake = fakeFetch(chunkServer({ refuse: { status: 415, msg: '“lesson.mp4”的内容不是视频文件' } }).handler)
    const uploader = new Uploader({ chunkSize: 1000, storage: null, headers: () => ({}) })
    const failed = waitFor(uploader, 'error')
    uploader.add([file(3000)], null)
    const item = await failed
    expect([item.error, item.refused]).to.deep.equal(['“lesson.mp4”的内容不是视频文件', true])
    const sent = fake.requests.length
    uploader.retry(item.id)
    expect(uploader.items()[0]!.status).to.equal('error')
    expect(fake.requests.length).to.equal(sent)
  })

  it('refuses an empty file at once: nothing sent, nothing remembered for later', async () => {
    const storage = window.sessionStorage
    storage.clear()
    fake = fakeFetch(chunkServer().handler)
    const uploader = new Uploader({ chunkSize: 1000, storage, headers: () => ({}) })
    const failed = waitFor(uploader, 'error')
    uploader.add([file(0, 'blank.txt')], null)
    const item = await failed
    expect([item.error, item.refused]).to.deep.equal(['empty', true])
    expect(fake.requests).to.deep.equal([])
    expect(uploader.unfinished()).to.deep.equal([])
    uploader.retry(item.id)
    expect(uploader.items()[0]!.status).to.equal('error')
    expect(fake.requests).to.deep.equal([])
  })

  it('remembers an unfinished upload across a reload and forgets it once done', async () => {
    const storage = window.sessionStorage
    storage.clear()
    const server = chunkServer()
    fake = fakeFetch(server.handler)
    const first = new Uploader<{ folderId: string }>({ chunkSize: 1000, storage, headers: () => ({}) })
    const big = file(3000, 'resume.mp4')
    first.add([big], { folderId: 'x' })
    first.pause(first.items()[0]!.id)
    const later = new Uploader<{ folderId: string }>({ chunkSize: 1000, storage, headers: () => ({}) })
    const [left] = later.unfinished()
    expect(left?.name).to.equal('resume.mp4')
    expect(left?.meta).to.deep.equal({ folderId: 'x' })
    const done = waitFor(later, 'success')
    later.add([big], left!.meta)
    await done
    expect(later.unfinished()).to.deep.equal([])
    storage.clear()
  })
})
