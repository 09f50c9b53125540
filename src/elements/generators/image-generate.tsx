import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { generationModels, startGeneration, type Generation } from '../../api/generations'
import { $generatorMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { LoadGate, useLoadable } from '../shared/load'
import { Select } from '../shared/select'
import { Field } from '../shared/ui'
import { CommonFields, type CommonChoice } from './generator-form'
import { JobFooter } from './job-footer'
import { JobStatus } from './job-status'
import { askForNotifications, useJobs } from './use-jobs'

/**
 * `<zx-image-generate>` (`/image/generate`): text to image for teaching.
 * Prompt, model, size, count and a teaching style; the gallery of past
 * results with save to the resource library and insert into a lesson.
 * Every picture carries the burned-in "AI生成" mark (server side).
 */
export function ImageGenerate(_props: ElementProps) {
  const t = useStore($generatorMessages)
  const [modelsState, modelsStore] = useLoadable(signal => generationModels({ signal, quiet: true }), [])
  const { state, store, jobs, refresh } = useJobs('image')
  const [choice, setChoice] = useState<CommonChoice>({ prompt: '', model: '', size: '', style: '' })
  const [count, setCount] = useState(1)
  const [busy, setBusy] = useState(false)
  const imageModels = (modelsState.data?.models ?? []).filter(m => m.kind === 'image')
  const model = imageModels.find(m => m.name === choice.model) ?? imageModels[0]

  useEffect(() => {
    if (!choice.model && model) setChoice(c => ({ ...c, model: model.name, size: model.sizes[0] ?? '' }))
  }, [model, choice.model])

  const submit = async () => {
    if (!model || !choice.prompt.trim()) return
    setBusy(true)
    askForNotifications()
    try {
      await startGeneration({
        kind: 'image',
        prompt: choice.prompt,
        model: model.name,
        size: choice.size || undefined,
        n: count,
        style: choice.style || undefined,
      })
      await refresh()
    } catch {
      // The client showed why (toast).
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="generator">
      <header className="generator-head">
        <h1>{t.imageTitle}</h1>
        <p>{t.imageSubtitle}</p>
      </header>
      <div className="generator-body">
        <section className="generator-form" aria-label={t.imageTitle}>
          <LoadGate state={modelsState} what={t.modelsWhat} onRetry={() => void modelsStore.retry()} skeleton="lines" count={4}>
            {data =>
              data.models.some(m => m.kind === 'image') ? (
                <form
                  onSubmit={e => {
                    e.preventDefault()
                    void submit()
                  }}>
                  <CommonFields models={imageModels} styles={data.styles} value={choice} onChange={setChoice} placeholder={t.imagePlaceholder}>
                    <Field label={t.count}>
                      <Select value={String(count)} onChange={e => setCount(Number(e.currentTarget.value))}>
                        {Array.from({ length: model?.maxN ?? 1 }, (_, i) => i + 1).map(n => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </CommonFields>
                  <p className="notice">{t.aiNotice}</p>
                  <button type="submit" className="button primary generate" disabled={busy || !choice.prompt.trim()}>
                    {busy ? t.starting : t.generate}
                  </button>
                </form>
              ) : (
                <zx-empty-state message={t.noImageModels} />
              )
            }
          </LoadGate>
        </section>
        <section className="gallery" aria-label={t.gallery}>
          <h2>{t.gallery}</h2>
          <LoadGate state={jobs ? { status: 'ready', data: jobs } : state} what={t.historyWhat} onRetry={() => void store.retry()} skeleton="cards" count={4}>
            {list =>
              list.length ? (
                <ImageGallery
                  jobs={list}
                  onChange={refresh}
                  onAgain={job => setChoice({ prompt: job.prompt, model: job.model, size: job.options.size ?? '', style: job.options.style ?? '' })}
                />
              ) : (
                <zx-empty-state message={t.emptyImages} />
              )
            }
          </LoadGate>
        </section>
      </div>
    </div>
  )
}

function ImageGallery({ jobs, onChange, onAgain }: { jobs: Generation[]; onChange: () => Promise<void>; onAgain: (job: Generation) => void }) {
  const t = useStore($generatorMessages)
  return (
    <ul className="job-list images">
      {jobs.map(job => (
        <li key={job.id} className="job-card" data-status={job.status}>
          {job.status === 'succeeded' ? (
            <div className="thumbs">
              {job.files.map(f => (
                <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="thumb">
                  <img src={f.url} alt={job.prompt} loading="lazy" />
                </a>
              ))}
            </div>
          ) : (
            <JobStatus job={job} />
          )}
          <JobFooter
            job={job}
            onChange={onChange}
            insert={async () => job.files}
            after={
              <button type="button" className="button small ghost" onClick={() => onAgain(job)}>
                {t.again}
              </button>
            }
          />
        </li>
      ))}
    </ul>
  )
}
