import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { uploadFile, type UploadedFile } from '../../api/files'
import { generationModels, startGeneration, type Generation } from '../../api/generations'
import { $generatorMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import type { ElementProps } from '../shared/define-element'
import { LoadGate, useLoadable } from '../shared/load'
import { Select } from '../shared/select'
import { Field } from '../shared/ui'
import { CommonFields, type CommonChoice } from './generator-form'
import { JobFooter } from './job-footer'
import { JobStatus } from './job-status'
import { askForNotifications, useJobs } from './use-jobs'

/**
 * `<zx-video-generate>` (`/video/generate`): text (and a first frame) to a
 * teaching video. A job runs on the server's queue for minutes: the list
 * shows queued → running with progress → done or failed, survives leaving
 * and coming back, announces when a job ends, and can cancel. Videos play
 * from our storage with seeking (Range) under the "AI生成" mark.
 */
const NO_DURATIONS: number[] = []

export function VideoGenerate(_props: ElementProps) {
  const t = useStore($generatorMessages)
  const [modelsState, modelsStore] = useLoadable(signal => generationModels({ signal, quiet: true }), [])
  const { state, store, jobs, refresh } = useJobs('video')
  const [choice, setChoice] = useState<CommonChoice>({ prompt: '', model: '', size: '', style: '' })
  const [seconds, setSeconds] = useState(0)
  const [frame, setFrame] = useState<UploadedFile | null>(null)
  const [uploading, setUploading] = useState(false)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const videoModels = (modelsState.data?.models ?? []).filter(m => m.kind === 'video')
  const model = videoModels.find(m => m.name === choice.model) ?? videoModels[0]
  const durations = model?.seconds ?? NO_DURATIONS

  useEffect(() => {
    if (!choice.model && model) setChoice(c => ({ ...c, model: model.name, size: model.sizes[0] ?? '' }))
  }, [model, choice.model])
  useEffect(() => {
    if (durations.length && !durations.includes(seconds)) setSeconds(durations[0]!)
  }, [durations, seconds])

  const pickFrame = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    try {
      setFrame(await uploadFile(file))
    } catch {
      // toast shown by the client
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const submit = async () => {
    if (!model || !choice.prompt.trim()) return
    setBusy(true)
    askForNotifications()
    try {
      await startGeneration({
        kind: 'video',
        prompt: choice.prompt,
        model: model.name,
        size: choice.size || undefined,
        seconds: seconds || undefined,
        style: choice.style || undefined,
        ...(frame ? { source: { imageFileId: frame.id } } : {}),
      })
      showToast('info', t.started)
      await refresh()
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="generator">
      <header className="generator-head">
        <h1>{t.videoTitle}</h1>
        <p>{t.videoSubtitle}</p>
      </header>
      <div className="generator-body">
        <section className="generator-form" aria-label={t.videoTitle}>
          <LoadGate state={modelsState} what={t.modelsWhat} onRetry={() => void modelsStore.retry()} skeleton="lines" count={4}>
            {data =>
              data.models.some(m => m.kind === 'video') ? (
                <form
                  onSubmit={e => {
                    e.preventDefault()
                    void submit()
                  }}>
                  <CommonFields models={videoModels} styles={data.styles} value={choice} onChange={setChoice} placeholder={t.videoPlaceholder}>
                    <Field label={t.duration}>
                      <Select value={String(seconds)} onChange={e => setSeconds(Number(e.currentTarget.value))}>
                        {durations.map(s => (
                          <option key={s} value={s}>
                            {t.seconds.replace('{n}', String(s))}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </CommonFields>
                  <div className="first-frame">
                    <span className="field-label">{t.firstFrame}</span>
                    {frame ? (
                      <div className="frame-preview">
                        <img src={frame.url} alt={frame.name} />
                        <button type="button" className="button small ghost" onClick={() => setFrame(null)}>
                          {t.removeImage}
                        </button>
                      </div>
                    ) : (
                      <button type="button" className="button small" disabled={uploading} onClick={() => fileInput.current?.click()}>
                        {uploading ? t.uploading : t.chooseImage}
                      </button>
                    )}
                    <input
                      ref={fileInput}
                      type="file"
                      accept="image/png,image/jpeg,image/webp"
                      hidden
                      onChange={e => void pickFrame(e.currentTarget.files?.[0])}
                    />
                  </div>
                  <p className="notice">{t.aiNotice}</p>
                  <button type="submit" className="button primary generate" disabled={busy || uploading || !choice.prompt.trim()}>
                    {busy ? t.starting : t.generate}
                  </button>
                </form>
              ) : (
                <zx-empty-state message={t.noVideoModels} />
              )
            }
          </LoadGate>
        </section>
        <section className="gallery" aria-label={t.jobs}>
          <h2>{t.jobs}</h2>
          <LoadGate state={jobs ? { status: 'ready', data: jobs } : state} what={t.historyWhat} onRetry={() => void store.retry()} skeleton="rows" count={3}>
            {list => (list.length ? <VideoJobs jobs={list} onChange={refresh} /> : <zx-empty-state message={t.emptyVideos} />)}
          </LoadGate>
        </section>
      </div>
    </div>
  )
}

function VideoJobs({ jobs, onChange }: { jobs: Generation[]; onChange: () => Promise<void> }) {
  const t = useStore($generatorMessages)
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
            />
          </li>
        )
      })}
    </ul>
  )
}
