// A fake placements server for the browser tests: one active placement p1,
// logs as sent, chunk uploads, sign links and alerts.
import type { NewLog, Placement } from '../../../src/api/placements'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

export interface PlacementServer extends FakeFetch {
  logs: NewLog[]
  uploaded: string[]
  handled: Array<{ id: string; comment?: string }>
  created: unknown[]
  /** The refusal of the next log sent, if any. */
  refuseLog: string | null
  placement: Placement
  /** What the AI draft calls were sent. */
  drafts: unknown[]
  /** The answer to the next draft call: a draft, or a refusal with the envelope's data. */
  draftReply: { text: string; engine: 'model' | 'builtin' } | { refusal: string; data: unknown }
}

export function pickFiles(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer()
  files.forEach(f => transfer.items.add(f))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

export function placementOf(overrides: Partial<Placement> = {}): Placement {
  return {
    id: 'p1',
    student: { id: 'student-1', name: '李明' },
    company: { name: '宏达机械', address: '', contact: '' },
    post: '数控车工',
    startDate: '2026-09-01',
    endDate: '2026-12-31',
    supervisor: { id: 'teacher-1', name: '王老师' },
    mentor: { name: '张师傅', phone: '13800000000' },
    state: 'active',
    endReason: '',
    fileIds: [],
    lastLogAt: null,
    unsignedWeeks: [2],
    signedWeeks: [{ week: 1, comment: '认真', signedAt: Date.UTC(2026, 8, 8) }],
    alerts: [],
    ...overrides,
  }
}

export function startPlacementServer(placement = placementOf()): PlacementServer {
  const server = {
    logs: [],
    uploaded: [],
    handled: [],
    created: [],
    refuseLog: null,
    placement,
    drafts: [],
    draftReply: { text: '', engine: 'model' },
  } as unknown as PlacementServer
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = `${request.method} ${url.pathname.replace('/new-chat/', '')}`
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (route === 'GET app/api/file/chunk') return new Response(null, { status: 204 })
    if (route === 'POST app/api/file/chunk') {
      const form = request.body as FormData
      const name = String(form.get('filename'))
      server.uploaded.push(name)
      const id = `f${server.uploaded.length}`
      return envelope(200, { complete: true, file: { id, url: `/new-chat/app/api/file/${id}`, name, size: Number(form.get('totalSize')), mime: 'image/jpeg' } })
    }
    if (route === 'GET course/placements/export')
      return new Response(new Blob(['xlsx']), {
        headers: { 'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('岗位实习.xlsx')}` },
      })
    if (route === 'GET course/placements') return envelope(200, [server.placement])
    if (route === 'POST course/placements') {
      server.created.push(body)
      return envelope(200, { id: 'p2' })
    }
    if (route === 'GET course/placements/p1/logs')
      return envelope(
        200,
        server.logs.map((log, i) => ({ id: `l${i}`, week: 1, night: false, location: '', fileIds: [], createTime: 1, ...log })),
      )
    if (route === 'POST course/placements/p1/logs') {
      if (server.refuseLog) return envelope(400, null, server.refuseLog)
      server.logs.push(body)
      return envelope(200, { id: `l${server.logs.length}` })
    }
    if (route === 'GET course/placements/people') {
      const role = url.searchParams.get('role')
      const keyword = url.searchParams.get('keyword') ?? ''
      const people =
        role === 'student'
          ? [
              { id: 's9', name: '李明', username: 'liming' },
              { id: 's8', name: '李华', username: 'lihua' },
            ]
          : [
              { id: 't1', name: '王老师', username: 'teacher' },
              { id: 't2', name: '赵老师', username: 'zhao' },
            ]
      return envelope(200, keyword ? people.filter(p => p.name.includes(keyword) || p.username.includes(keyword)) : role === 'student' ? [] : people)
    }
    if (route === 'POST course/placements/p1/draft') {
      server.drafts.push(body)
      const reply = server.draftReply
      return 'refusal' in reply ? envelope(400, reply.data, reply.refusal) : envelope(200, reply)
    }
    const link = /^POST course\/placements\/p1\/weeks\/(\d+)\/sign-link$/.exec(route)
    if (link) return envelope(200, { url: `http://school.test/placement/sign?token=tok-week-${link[1]}`, expiresAt: Date.UTC(2026, 9, 1) })
    const handle = /^POST course\/placements\/alerts\/(\w+)\/handle$/.exec(route)
    if (handle) {
      server.handled.push({ id: handle[1]!, ...body })
      server.placement = { ...server.placement, alerts: server.placement.alerts.map(a => (a.id === handle[1] ? { ...a, handled: true } : a)) }
      return envelope(200, null)
    }
    return envelope(404, null, `no route ${route}`)
  })
  return Object.assign(server, fake)
}
