import { digestFile } from './file-digest'
import { RememberedUploads } from './unfinished-uploads'
import { chunkParams, chunkRanges, readChunkReply } from './upload-chunks'
import { DEFAULT_UPLOADER_OPTIONS, type StoredFile, type UnfinishedUpload, type UploaderEvent, type UploaderOptions, type UploadItem } from './upload-options'
import { SpeedMeter, timeLeft } from './upload-speed'

export { chunkRanges, retryAfterMs } from './upload-chunks'
export {
  DEFAULT_UPLOADER_OPTIONS,
  type StoredFile,
  type UnfinishedUpload,
  type UploaderEvent,
  type UploaderOptions,
  type UploadItem,
  type UploadStatus,
} from './upload-options'

/**
 * The chunked, resumable uploader (SPEC §3/§4/§7, DESIGN §2). It speaks the
 * resumable.js / simple-uploader.js protocol to POST/GET
 * /new-chat/app/api/file/chunk: for each chunk an optional test request
 * (200: the server has it, 204: send it), then the chunk as multipart with
 * its parameters and the field `file`. A failed chunk is retried up to
 * `maxChunkRetries` times, `chunkRetryInterval` apart (growing with each
 * attempt); a status in `permanentErrors` fails the file at once. While the
 * browser is offline nothing is spent: chunks wait for the connection.
 *
 * Resume: chunks already on the server are found by the test requests, so a
 * dropped connection or a page reload continues where it stopped; files left
 * unfinished are remembered (localStorage) so the page can ask for them again.
 * With `checksums`, the file is read once first (status `reading`) for its
 * SHA-256 and each chunk's: identical content already stored completes at
 * once, and the server checks every chunk and the merged file.
 */

type ChunkState = 'pending' | 'active' | 'done'

interface Job<M> {
  item: UploadItem<M>
  file: File
  key: string
  identifier: string
  ranges: Array<{ start: number; end: number }>
  chunkSha: string[]
  fileSha: string | null
  chunks: ChunkState[]
  attempts: number[]
  controllers: Set<AbortController>
  meter: SpeedMeter
}

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`

let nextId = 0

export class Uploader<M = unknown> {
  readonly options: UploaderOptions
  private jobs: Job<M>[] = []
  private listeners = new Set<(event: UploaderEvent<M>) => void>()
  private active = 0
  private waitingForOnline = false
  private readonly remembered: RememberedUploads<M>

  constructor(options: Partial<UploaderOptions> = {}) {
    this.options = { ...DEFAULT_UPLOADER_OPTIONS, ...options }
    this.remembered = new RememberedUploads<M>(this.options)
    // Requests in flight when the connection drops may hang rather than fail:
    // stop them at once and continue when the browser is back online.
    if (typeof window !== 'undefined') window.addEventListener('offline', () => this.goneOffline())
  }

  private goneOffline(): void {
    for (const job of this.jobs) {
      if (job.item.status !== 'uploading' && job.item.status !== 'retry') continue
      this.abortRequests(job)
      job.item.status = 'retry'
      job.item.speed = 0
      job.item.timeLeft = null
      this.emit('retry', job)
    }
    this.waitForOnline()
  }

  private waitForOnline(): void {
    if (this.waitingForOnline) return
    this.waitingForOnline = true
    window.addEventListener(
      'online',
      () => {
        this.waitingForOnline = false
        for (const j of this.jobs) j.meter.reset(j.item.uploadedBytes, Date.now())
        this.pump()
      },
      { once: true },
    )
  }

  subscribe(listener: (event: UploaderEvent<M>) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  items(): UploadItem<M>[] {
    return this.jobs.map(j => ({ ...j.item }))
  }

  /** Adds files; each starts at once (reading, then uploading). */
  add(files: Iterable<File>, meta: M): UploadItem<M>[] {
    const added: Job<M>[] = []
    for (const file of files) {
      const job: Job<M> = {
        item: {
          id: `u${++nextId}`,
          name: file.name,
          size: file.size,
          status: 'pending',
          progress: 0,
          readProgress: 0,
          uploadedBytes: 0,
          speed: 0,
          timeLeft: null,
          error: null,
          refused: false,
          file: null,
          meta,
        },
        file,
        key: fileKey(file),
        identifier: `${file.size}-${file.lastModified}-${file.name.replace(/[^0-9a-zA-Z_-]/g, '')}`,
        ranges: chunkRanges(file.size, this.options.chunkSize),
        chunkSha: [],
        fileSha: null,
        chunks: [],
        attempts: [],
        controllers: new Set(),
        meter: new SpeedMeter(),
      }
      job.chunks = job.ranges.map(() => 'pending')
      job.attempts = job.ranges.map(() => 0)
      this.jobs.push(job)
      added.push(job)
      if (file.size > 0) this.remember(job) // an empty file has nothing to continue after a reload
      void this.prepare(job)
    }
    return added.map(j => ({ ...j.item }))
  }

  pause(id: string): void {
    const job = this.find(id)
    if (!job || !['pending', 'reading', 'uploading', 'retry'].includes(job.item.status)) return
    this.abortRequests(job)
    job.item.status = 'paused'
    this.emit('change', job)
  }

  resume(id: string): void {
    const job = this.find(id)
    if (!job || job.item.status !== 'paused') return
    job.meter.reset(job.item.uploadedBytes, Date.now())
    job.item.status = job.fileSha || !this.options.checksums ? 'uploading' : 'pending'
    this.emit('change', job)
    if (job.item.status === 'pending') void this.prepare(job)
    else this.pump()
  }

  /**
   * Starts a failed file again; chunks the server has are not sent again. A
   * file already stored, whose placing failed (failPlacement), is reported
   * complete again, so the page places it again.
   */
  retry(id: string): void {
    const job = this.find(id)
    if (!job || job.item.status !== 'error' || job.item.refused) return
    job.item.error = null
    if (job.item.file) {
      job.item.status = 'success'
      this.emit('success', job)
      return
    }
    job.attempts = job.attempts.map(() => 0)
    job.item.status = 'paused'
    this.resume(id)
  }

  /**
   * A stored file the page could not put where it was going (the library
   * refused it, or the call failed): its row fails with `message`; `refused`
   * when placing it again would be refused again.
   */
  failPlacement(id: string, message: string | null, refused: boolean): void {
    const job = this.find(id)
    if (!job || job.item.status !== 'success') return
    job.item = { ...job.item, status: 'error', error: message, refused }
    this.emit('error', job)
  }

  /** Stops and forgets an upload (the server cleans its chunks up later). */
  cancel(id: string): void {
    const job = this.find(id)
    if (!job) return
    this.abortRequests(job)
    this.jobs = this.jobs.filter(j => j !== job)
    this.remembered.forget(job.key)
    this.emit('change', job)
  }

  /** Stops every upload and empties the list; unfinished ones stay remembered, to resume later. */
  stopAll(): void {
    for (const job of this.jobs) this.abortRequests(job)
    this.jobs = []
    this.notify({ type: 'complete' })
  }

  /** Removes finished and failed uploads from the list. */
  clearDone(): void {
    this.jobs = this.jobs.filter(j => j.item.status !== 'success' && j.item.status !== 'error')
    this.notify({ type: 'complete' })
  }

  /** Uploads left unfinished by an earlier page (not the ones running here). */
  unfinished(): UnfinishedUpload<M>[] {
    const running = new Set(this.jobs.map(j => j.key))
    return this.remembered.list().filter(u => !running.has(u.key))
  }

  forgetUnfinished(key: string): void {
    this.remembered.forget(key)
  }

  private find(id: string): Job<M> | undefined {
    return this.jobs.find(j => j.item.id === id)
  }

  private emit(type: 'progress' | 'retry' | 'success' | 'error' | 'change', job: Job<M>): void {
    this.notify({ type, item: { ...job.item } })
  }

  private notify(event: UploaderEvent<M>): void {
    for (const listener of this.listeners) listener(event)
  }

  private abortRequests(job: Job<M>): void {
    for (const c of job.controllers) c.abort()
    job.controllers.clear()
    job.chunks = job.chunks.map(s => (s === 'active' ? 'pending' : s))
  }

  /** Reads the file for its checksums (status `reading`), then queues its chunks. */
  private async prepare(job: Job<M>): Promise<void> {
    // The chunk protocol has no empty chunk: a 0-byte file would only earn a
    // field-size refusal from the server. Say what is wrong before sending anything.
    if (job.item.size === 0) {
      this.fail(job, 'empty', true)
      return
    }
    if (this.options.checksums && !job.fileSha) {
      job.item.status = 'reading'
      this.emit('change', job)
      const controller = new AbortController()
      job.controllers.add(controller)
      try {
        const digest = await digestFile(
          job.file,
          job.ranges,
          read => {
            job.item.readProgress = read / Math.max(job.item.size, 1)
            this.emit('progress', job)
          },
          controller.signal,
        )
        job.fileSha = digest.sha256
        job.chunkSha = digest.chunks
        job.identifier = `${job.item.size}-${digest.sha256}`
      } catch (error) {
        if (controller.signal.aborted) return
        this.fail(job, error instanceof Error ? error.message : String(error))
        return
      } finally {
        job.controllers.delete(controller)
      }
      if (job.item.status !== 'reading') return // paused or cancelled meanwhile
    }
    job.item.status = 'uploading'
    job.meter.reset(job.item.uploadedBytes, Date.now())
    this.emit('change', job)
    this.pump()
  }

  /** Starts chunks while there is room, first files first. */
  private pump(): void {
    if (this.waitingForOnline) return
    for (const job of this.jobs) {
      if (job.item.status !== 'uploading' && job.item.status !== 'retry') continue
      for (let n = 0; n < job.chunks.length && this.active < this.options.simultaneousUploads; n++) {
        if (job.chunks[n] !== 'pending') continue
        job.chunks[n] = 'active'
        this.active += 1
        void this.sendChunk(job, n).finally(() => {
          this.active -= 1
          this.pump()
        })
      }
    }
    if (this.active === 0 && this.jobs.every(j => j.item.status === 'success' || j.item.status === 'error' || j.item.status === 'paused')) {
      this.notify({ type: 'complete' })
    }
  }

  private params(job: Job<M>, n: number): Record<string, string> {
    const relativePath = (job.file as File & { webkitRelativePath?: string }).webkitRelativePath || job.item.name
    return chunkParams(this.options, { ...job, name: job.item.name, size: job.item.size, relativePath }, n)
  }

  private async sendChunk(job: Job<M>, n: number): Promise<void> {
    const controller = new AbortController()
    job.controllers.add(controller)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, this.options.chunkTimeout)
    const params = this.params(job, n)
    try {
      if (this.options.testChunks) {
        const tested = await fetch(`${this.options.target}?${new URLSearchParams(params)}`, { headers: this.options.headers(), signal: controller.signal })
        if (tested.status !== 204 && (await this.handleReply(job, n, tested, true))) return
      }
      const form = new FormData()
      for (const [key, value] of Object.entries(params)) form.append(key, value)
      const range = job.ranges[n]!
      form.append('file', job.file.slice(range.start, range.end), job.item.name)
      const sent = await fetch(this.options.target, { method: 'POST', body: form, headers: this.options.headers(), signal: controller.signal })
      await this.handleReply(job, n, sent, false)
    } catch {
      if (controller.signal.aborted && !timedOut) return // paused, cancelled or gone offline
      this.transportFailed(job, n)
    } finally {
      clearTimeout(timer)
      job.controllers.delete(controller)
    }
  }

  /** True when the reply settled the chunk (done, or the file failed); false: send it. */
  private async handleReply(job: Job<M>, n: number, response: Response, isTest: boolean): Promise<boolean> {
    const reply = await readChunkReply(response, this.options)
    if (reply.kind === 'complete') this.succeed(job, reply.file)
    else if (reply.kind === 'done') this.chunkDone(job, n)
    else if (reply.kind === 'failed') this.fail(job, reply.message, reply.refused)
    else if (isTest)
      return false // an unexpected test answer: just send the chunk
    else this.retryLater(job, n, reply.afterMs)
    return true
  }

  private chunkDone(job: Job<M>, n: number): void {
    if (job.item.status === 'success' || job.item.status === 'error') return
    job.chunks[n] = 'done'
    const range = job.ranges[n]!
    job.item.uploadedBytes = Math.min(job.item.size, job.item.uploadedBytes + (range.end - range.start))
    job.item.progress = job.item.uploadedBytes / Math.max(job.item.size, 1)
    const now = Date.now()
    job.item.speed = job.meter.sample(job.item.uploadedBytes, now)
    job.item.timeLeft = timeLeft(job.item.size - job.item.uploadedBytes, job.item.speed)
    // Back to "uploading" only while online: a reply that was already on its way when the
    // browser went offline must not hide that the row is waiting for the connection.
    if (job.item.status === 'retry' && !this.waitingForOnline) job.item.status = 'uploading'
    this.remember(job)
    this.emit('progress', job)
    // Every chunk is there but no reply carried the file (e.g. the server
    // restarted before merging): sending the last one again merges it.
    const states: ChunkState[] = job.chunks
    if (!states.some(s => s !== 'done')) {
      states[states.length - 1] = 'pending'
      job.attempts[job.chunks.length - 1] = (job.attempts[job.chunks.length - 1] ?? 0) + 1
      if (job.attempts[job.chunks.length - 1]! > this.options.maxChunkRetries + 1) this.fail(job, 'network')
    }
  }

  private succeed(job: Job<M>, file: StoredFile): void {
    if (job.item.status === 'success') return
    this.abortRequests(job)
    job.chunks = job.chunks.map(() => 'done')
    job.item = { ...job.item, status: 'success', file, progress: 1, uploadedBytes: job.item.size, timeLeft: 0 }
    this.remembered.forget(job.key)
    this.emit('success', job)
  }

  private fail(job: Job<M>, message: string, refused = false): void {
    if (job.item.status === 'error' || job.item.status === 'success') return
    this.abortRequests(job)
    job.item.status = 'error'
    job.item.error = message
    job.item.refused = refused
    job.item.speed = 0
    job.item.timeLeft = null
    this.emit('error', job)
  }

  private retryLater(job: Job<M>, n: number, notBeforeMs = 0): void {
    job.attempts[n] = (job.attempts[n] ?? 0) + 1
    if (job.attempts[n]! > this.options.maxChunkRetries) {
      this.fail(job, 'network')
      return
    }
    job.item.status = 'retry'
    this.emit('retry', job)
    setTimeout(
      () => {
        if (job.chunks[n] !== 'active' || (job.item.status !== 'retry' && job.item.status !== 'uploading')) return
        job.chunks[n] = 'pending'
        this.pump()
      },
      Math.max(notBeforeMs, this.options.chunkRetryInterval * job.attempts[n]!),
    )
  }

  /** The request never got an answer. Offline: wait for the connection without spending retries. */
  private transportFailed(job: Job<M>, n: number): void {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      job.chunks[n] = 'pending'
      job.item.status = 'retry'
      job.item.speed = 0
      job.item.timeLeft = null
      this.emit('retry', job)
      this.waitForOnline()
      return
    }
    this.retryLater(job, n)
  }

  private remember(job: Job<M>): void {
    const { name, size, progress, meta } = job.item
    this.remembered.remember({ key: job.key, name, size, lastModified: job.file.lastModified, progress, meta })
  }
}
