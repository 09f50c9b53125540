import { useStore } from '@nanostores/react'
import { useEffect, useState, type ReactNode } from 'react'
import { generationModels, startGeneration, type Generation, type GenerationRequest, type MediaModel } from '../../api/generations'
import { $generationsMessages } from '../../i18n'
import { LoadGate, useLoadable } from '../shared/load'
import { CommonFields, type CommonChoice } from './generator-form'
import { askForNotifications, useJobs } from './use-jobs'

type Kind = 'image' | 'video'

/** What one kind's options add to a request (count for images; duration and first frame for videos). */
type Extra = Omit<GenerationRequest, 'kind' | 'prompt' | 'model' | 'size' | 'style'>

/**
 * The state both generator pages keep: the kind's models (the first chosen
 * until the person picks), the shared choice, the job list and starting a job.
 */
export function useGenerator(kind: Kind) {
  const [modelsState, modelsStore] = useLoadable(signal => generationModels({ signal, quiet: true }), [])
  const jobs = useJobs(kind)
  const [choice, setChoice] = useState<CommonChoice>({ prompt: '', model: '', size: '', style: '' })
  const [busy, setBusy] = useState(false)
  const models = (modelsState.data?.models ?? []).filter(m => m.kind === kind)
  const model: MediaModel | undefined = models.find(m => m.name === choice.model) ?? models[0]

  useEffect(() => {
    if (!choice.model && model) setChoice(c => ({ ...c, model: model.name, size: model.sizes[0] ?? '' }))
  }, [model, choice.model])

  /** Starts a job with the shared choice plus `extra`; true when the server took it. */
  const start = async (extra: Extra): Promise<boolean> => {
    if (!model || !choice.prompt.trim()) return false
    setBusy(true)
    askForNotifications()
    try {
      await startGeneration({ kind, prompt: choice.prompt, model: model.name, size: choice.size || undefined, style: choice.style || undefined, ...extra })
      await jobs.refresh()
      return true
    } catch {
      // The client showed why (toast).
      return false
    } finally {
      setBusy(false)
    }
  }

  /** Puts a past job's prompt and shared options back into the form ("again"). */
  const again = (job: Generation) => setChoice({ prompt: job.prompt, model: job.model, size: job.options.size ?? '', style: job.options.style ?? '' })

  return { kind, modelsState, modelsStore, jobs, choice, setChoice, models, model, busy, start, again }
}

export type Generator = ReturnType<typeof useGenerator>

type Messages = ReturnType<typeof $generationsMessages.get>

/** Each kind's words and how its past jobs load (picture cards, or rows of video jobs). */
const KINDS = {
  image: {
    words: (t: Messages) => [t.imageTitle, t.imageSubtitle, t.imagePlaceholder, t.noImageModels, t.gallery, t.emptyImages] as const,
    skeleton: 'cards',
    count: 4,
  },
  video: {
    words: (t: Messages) => [t.videoTitle, t.videoSubtitle, t.videoPlaceholder, t.noVideoModels, t.jobs, t.emptyVideos] as const,
    skeleton: 'rows',
    count: 3,
  },
} as const

export interface GeneratorPageProps {
  generator: Generator
  /** The kind's own fields, after the shared ones (inside the shared field group). */
  fields: ReactNode
  /** The kind's own controls below the fields (the video's first frame). */
  extra?: ReactNode
  /** False while something the job needs is not ready yet (a first frame still uploading). */
  ready?: boolean
  onSubmit: () => void
  /** The kind's past jobs (there is at least one). */
  gallery: (jobs: Generation[]) => ReactNode
}

/** The page both generators draw: a heading, the form (models loaded first) beside the kind's past jobs. */
export function GeneratorPage(props: GeneratorPageProps) {
  const t = useStore($generationsMessages)
  const { generator: g, ready = true } = props
  const { state, store, jobs } = g.jobs
  const kind = KINDS[g.kind]
  const [title, subtitle, placeholder, noModels, galleryTitle, empty] = kind.words(t)
  return (
    <div className="generator" part="base">
      <header className="generator-head" part="header">
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </header>
      <div className="generator-body" part="body">
        <section className="generator-form" aria-label={title}>
          <LoadGate state={g.modelsState} what={t.modelsWhat} onRetry={() => void g.modelsStore.retry()} skeleton="lines" count={4}>
            {data =>
              data.models.some(m => m.kind === g.kind) ? (
                <form
                  onSubmit={e => {
                    e.preventDefault()
                    props.onSubmit()
                  }}>
                  <CommonFields models={g.models} styles={data.styles} value={g.choice} onChange={g.setChoice} placeholder={placeholder}>
                    {props.fields}
                  </CommonFields>
                  {props.extra}
                  <p className="notice">{t.aiNotice}</p>
                  <button type="submit" className="button primary generate" part="actions" disabled={g.busy || !ready || !g.choice.prompt.trim()}>
                    {g.busy ? t.starting : t.generate}
                  </button>
                </form>
              ) : (
                <zx-empty-state message={noModels} />
              )
            }
          </LoadGate>
        </section>
        <section className="gallery" aria-label={galleryTitle}>
          <h2>{galleryTitle}</h2>
          <LoadGate
            state={jobs ? { status: 'ready', data: jobs } : state}
            what={t.historyWhat}
            onRetry={() => void store.retry()}
            skeleton={kind.skeleton}
            count={kind.count}>
            {list => (list.length ? props.gallery(list) : <zx-empty-state message={empty} />)}
          </LoadGate>
        </section>
      </div>
    </div>
  )
}
