import { envelope, fakeFetch, type FakeFetch, type SentRequest } from './fake-fetch'

/** The resource library's server: an empty folder, one-chunk uploads that complete at once, and adding files. */
export function resourceLibraryServer(): FakeFetch {
  let files = 0
  return fakeFetch(async (request: SentRequest) => {
    const path = new URL(request.url, location.href).pathname
    if (path.endsWith('/app/api/file/chunk')) {
      if (request.method === 'GET') return new Response(null, { status: 204 })
      const form = request.body as FormData
      const id = `f${++files}`
      return envelope(200, {
        complete: true,
        file: { id, url: `/new-chat/app/api/file/${id}`, name: String(form.get('filename')), size: Number(form.get('totalSize')), mime: 'application/pdf' },
      })
    }
    if (path.endsWith('/course/resource/list')) return envelope(200, { path: [], folders: [], items: [], tags: [] })
    if (path.endsWith('/course/resource') && request.method === 'POST') return envelope(200, [])
    return envelope(200, [])
  })
}

/** The files the library asked the server to add, in order. */
export const addedFileIds = (server: FakeFetch): string[] =>
  server.requests
    .filter(r => r.method === 'POST' && new URL(r.url, location.href).pathname.endsWith('/course/resource'))
    .flatMap(r => (JSON.parse(String(r.body)) as { fileIds: string[] }).fileIds)
