import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { uploadFile } from '../../api/files'
import type { Generation } from '../../api/generations'
import { $generationsMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import type { ElementProps } from '../shared/define-element'
import { NumberChoice } from './generator-form'
import { GeneratorPage, useGenerator } from './generator-page'
import { JobFooter } from './job-footer'
import { JobStatus } from './job-status'

/**
 * `<zx-video-generate>` (`/video/generate`): text (and a first frame) to a
 * teaching video. A job runs on the server's queue for minutes: the list
 * shows queued → running with progress → done or failed, survives leaving
 * and coming back, announces when a job ends, and can cancel. Videos play
 * from our storage with seeking (Range) under the "AI生成" mark.
 */
const NO_DURATIONS: number[] = []

/** The first frame in the form: the stored file, and what its preview shows (the picked file itself, or a past job's signed link). */
interface Frame {
  id: string
  name: string
  preview: string
}

export function VideoGenerate(_props: ElementProps) {
  const t = useStore($generationsMessages)
  const generator = useGenerator('video')
  const [seconds, setSeconds] = useState(0)
  const [frame, setFrameState] = useState<Frame | null>(null)
  // A preview made from the picked file lives until the frame changes or the page goes.
  const setFrame = (next: Frame | null) =>
    setFrameState(previous => {
      if (previous?.preview.startsWith('blob:')) URL.revokeObjectURL(previous.preview)
      return next
    })
  useEffect(() => () => setFrame(null), [])
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const durations = generator.model?.seconds ?? NO_DURATIONS

  useEffect(() => {
    if (durations.length && !durations.includes(seconds)) setSeconds(durations[0]!)
  }, [durations, seconds])

  const pickFrame = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    try {
      const uploaded = await uploadFile(file)
      // The stored file is private (its URL needs the token an <img> cannot send): preview the picked file.
      setFrame({ id: uploaded.id, name: uploaded.name, preview: URL.createObjectURL(file) })
    } catch {
      // toast shown by the client
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  /** A past job's prompt, options, duration and first frame back in the form. */
  const again = (job: Generation) => {
    generator.again(job)
    if (typeof job.options.seconds === 'number') setSeconds(job.options.seconds)
    setFrame(job.firstFrame ? { id: job.firstFrame.id, name: t.firstFrame, preview: job.firstFrame.url } : null)
  }

  const submit = async () => {
    const started = await generator.start({ seconds: seconds || undefined, ...(frame ? { source: { imageFileId: frame.id } } : {}) })
    if (started) showToast('info', t.started)
  }

  return (
    <GeneratorPage
      generator={generator}
      fields={<NumberChoice label={t.duration} value={seconds} options={durations} word={s => t.seconds.replace('{n}', String(s))} onChange={setSeconds} />}
      extra={
        <div className="first-frame">
          <span className="field-label">{t.firstFrame}</span>
          {frame ? (
            <div className="frame-preview">
              <img src={frame.preview} alt={frame.name} data-testid="first-frame-preview" />
              <button type="button" className="button small ghost" onClick={() => setFrame(null)}>
                {t.removeImage}
              </button>
            </div>
          ) : (
            <button type="button" className="button small" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? t.uploading : t.chooseImage}
            </button>
          )}
          <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={e => void pickFrame(e.currentTarget.files?.[0])} />
        </div>
      }
      ready={!uploading}
      onSubmit={() => void submit()}
      gallery={list => <VideoJobs jobs={list} onChange={generator.jobs.refresh} onAgain={again} />}
    />
  )
}

function VideoJobs({ jobs, onChange, onAgain }: { jobs: Generation[]; onChange: () => Promise<void>; onAgain: (job: Generation) => void }) {
  const t = useStore($generationsMessages)
  return (
    <ul className="job-list videos">
      {jobs.map(job => {
        const video = job.files.find(f => f.mime.startsWith('video/'))
        return (
          <li key={job.id} className="job-card" data-status={job.status}>
            {job.status === 'succeeded' && video ? (
              <div className="player">
                <video src={video.url} controls preload="metadata" playsInline />
                <span className="ai-mark" aria-label={t.aiMark}>
                  {t.aiMark}
                </span>
              </div>
            ) : (
              <JobStatus job={job} />
            )}
            <JobFooter
              job={job}
              onChange={onChange}
              insert={video ? async () => [video] : undefined}
              extra={
                video ? (
                  <a className="button small ghost" href={`${video.url}&download=1`}>
                    {t.download}
                  </a>
                ) : null
              }
              after={
                <button type="button" className="button small ghost" onClick={() => onAgain(job)}>
                  {t.again}
                </button>
              }
            />
          </li>
        )
      })}
    </ul>
  )
}
