import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { createAssistant, fetchAssistant, updateAssistant, type AssistantDetail, type AssistantInput } from '../../../api/assistants'
import { fetchModels, type ModelInfo } from '../../../api/chat'
import { listCourses } from '../../../api/courses'
import { ApiError } from '../../../api/errors'
import { selectDatasets, type SelectableDataset } from '../../../api/knowledge'
import { $assistantsMessages } from '../../../i18n'
import { $assistantTypes } from '../../../stores/assistants'
import { $clientType } from '../../../stores/auth'
import { showToast } from '../../../stores/toasts'
import { CheckList, Field, keepOffered, Modal, ModalActions, type CheckOption } from '../ui'
import { usePhrasing } from '../use-phrasing'
import { AvatarUpload } from './avatar-upload'
import { Select } from '../select'
import { Slider } from '../slider'
import { DEFAULT_TEMPERATURE } from '../../../../shared/model-defaults'

const MAX_STARTERS = 6
const MAX_STARTER_LENGTH = 100

type TextKey = 'systemMessage' | 'openingMessage' | 'starters'

interface Draft {
  kind: 'chat' | 'inquiry'
  title: string
  description: string
  typeId: string
  systemMessage: string
  openingMessage: string
  starters: string
  model: string
  temperature: number
  avatar: string
  publishSchool: boolean
  courseIds: string[]
  datasetIds: string[]
}

function draftOf(detail: AssistantDetail | null, kind: 'chat' | 'inquiry'): Draft {
  return {
    kind: detail?.kind === 'inquiry' ? 'inquiry' : detail ? 'chat' : kind,
    title: detail?.title ?? '',
    description: detail?.description ?? '',
    typeId: detail?.typeId ?? (kind === 'inquiry' ? 'type-inquiry' : ''),
    systemMessage: detail?.systemMessage ?? '',
    openingMessage: detail?.openingMessage ?? '',
    starters: (detail?.starterQuestions ?? []).join('\n'),
    model: detail?.model ?? '',
    temperature: detail?.temperature ?? DEFAULT_TEMPERATURE,
    avatar: detail?.avatar ?? '',
    publishSchool: detail ? (detail.publications ?? []).some(p => p.scope === 'school') : false,
    courseIds: (detail?.publications ?? []).flatMap(p => (p.scope === 'course' && p.courseId ? [p.courseId] : [])),
    datasetIds: detail?.datasetIds ?? [],
  }
}

export interface AssistantEditorProps {
  /** Edit this assistant (its owner's full settings are loaded); none: create one. */
  assistantId?: string
  /** A new assistant starts as this kind (the practice page creates inquiry ones). */
  kind?: 'chat' | 'inquiry'
  onClose: () => void
  onSaved: (saved: AssistantDetail) => void
}

/** Create or edit an assistant: who it is, how it greets, what it suggests, and who may use it. */
export function AssistantEditor({ assistantId, kind = 'chat', onClose, onSaved }: AssistantEditorProps) {
  const t = useStore($assistantsMessages)
  const say = usePhrasing()
  const types = useStore($assistantTypes)
  const [draft, setDraft] = useState<Draft>(() => draftOf(null, kind))
  const [models, setModels] = useState<ModelInfo[]>([])
  // null until loaded (or when loading failed): then the assistant's own choices are kept as they are.
  const [courses, setCourses] = useState<CheckOption[] | null>(null)
  const [readable, setReadable] = useState<SelectableDataset[] | null>(null)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const [loaded, setLoaded] = useState(!assistantId)

  useEffect(() => {
    fetchModels({ quiet: true }).then(
      c => setModels(c.models),
      () => {},
    )
    // Only a course's teachers publish to it; for teachers this list is the courses they teach.
    if ($clientType.get() === '1') {
      listCourses({ pageSize: 100 }, { quiet: true }).then(
        list => setCourses(list.items.map(c => ({ id: c.id, label: c.title, note: c.term || undefined }))),
        () => {},
      )
    } else setCourses([])
    selectDatasets({ quiet: true }).then(setReadable, () => {})
    if (!assistantId) return
    fetchAssistant(assistantId).then(
      detail => {
        setDraft(draftOf(detail, kind))
        setLoaded(true)
      },
      () => onClose(),
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per assistant; kind and onClose do not change while the editor is open
  }, [assistantId])

  const datasets = readable && readable.map(d => ({ id: d.id, label: d.name, note: say.count(t.datasetDocuments, { count: d.documentCount, owner: d.owner }) }))
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft(current => ({ ...current, [key]: value }))

  const starters = draft.starters
    .split('\n')
    .map(s => s.trim())
    .filter(Boolean)
  const check = (): string => {
    if (!draft.title.trim()) return t.titleRequired
    if (!draft.systemMessage.trim()) return t.systemRequired
    if (starters.length > MAX_STARTERS) return t.tooManyStarters
    if (starters.some(s => s.length > MAX_STARTER_LENGTH)) return t.starterTooLong
    return ''
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const problem = check()
    setError(problem)
    if (problem) return
    const input: AssistantInput = {
      kind: draft.kind,
      title: draft.title.trim(),
      description: draft.description.trim(),
      typeId: draft.typeId || null,
      systemMessage: draft.systemMessage.trim(),
      openingMessage: draft.openingMessage.trim(),
      starterQuestions: starters,
      model: draft.model || null,
      modelVersion: null,
      temperature: draft.temperature,
      avatar: draft.avatar,
      publications: [
        ...(draft.publishSchool ? [{ scope: 'school' as const }] : []),
        ...keepOffered(draft.courseIds, courses).map(courseId => ({ scope: 'course' as const, courseId })),
      ],
      datasetIds: keepOffered(draft.datasetIds, datasets),
    }
    setSaving(true)
    try {
      const saved = assistantId ? await updateAssistant(assistantId, input) : await createAssistant(input)
      showToast('success', assistantId ? t.saved : t.created)
      onSaved(saved)
    } catch (caught) {
      // The server's message names the field and says what to do.
      setError(caught instanceof ApiError ? caught.message : t.loadFailed)
    } finally {
      setSaving(false)
    }
  }

  const inquiry = draft.kind === 'inquiry'
  // The three free texts: what the assistant is told, what it says first, the starters offered.
  const texts: Array<{ key: TextKey; label: string; hint: string; rows: number; maxLength?: number; short?: boolean; testId: string }> = [
    {
      key: 'systemMessage',
      label: inquiry ? t.fieldInquiryTopic : t.fieldSystem,
      hint: inquiry ? t.fieldInquiryHint : t.fieldSystemHint,
      rows: 5,
      maxLength: 8000,
      testId: 'editor-system',
    },
    { key: 'openingMessage', label: t.fieldOpening, hint: t.fieldOpeningHint, rows: 2, maxLength: 1000, short: true, testId: 'editor-opening' },
    { key: 'starters', label: t.fieldStarters, hint: t.fieldStartersHint, rows: 3, short: true, testId: 'editor-starters' },
  ]
  return (
    <Modal heading={assistantId ? t.editAssistant : inquiry ? t.createInquiry : t.createAssistant} onClose={onClose} testId="assistant-editor" wide>
      {loaded ? (
        <form className="editor" noValidate onSubmit={save}>
          <Field label={t.fieldTitle} hint={t.fieldTitleHint}>
            <input className="input" maxLength={30} value={draft.title} onChange={e => set('title', e.target.value)} data-testid="editor-title" />
          </Field>
          <Field label={t.fieldDescription} hint={t.fieldDescriptionHint}>
            <input
              className="input"
              maxLength={200}
              value={draft.description}
              onChange={e => set('description', e.target.value)}
              data-testid="editor-description"
            />
          </Field>
          <AvatarUpload id={assistantId ?? 'new'} title={draft.title} value={draft.avatar} onChange={url => set('avatar', url)} />
          <div className="editor-row">
            <Field label={t.fieldCategory}>
              <Select
                value={draft.typeId}
                onChange={e => set('typeId', e.target.value)}
                none={t.noCategory}
                options={types.map(type => ({ value: type.id, label: type.name }))}
              />
            </Field>
            <Field label={t.fieldModel}>
              <Select
                value={draft.model}
                onChange={e => set('model', e.target.value)}
                none={t.defaultModel}
                options={models.map(m => ({ value: m.name, label: m.label }))}
              />
            </Field>
          </div>
          <fieldset className="field kinds">
            <legend className="field-label">{t.fieldKind}</legend>
            {(['chat', 'inquiry'] as const).map(value => (
              <label key={value} className="radio">
                <input type="radio" name="kind" checked={draft.kind === value} onChange={() => set('kind', value)} data-testid={`editor-kind-${value}`} />
                <span>{value === 'chat' ? t.kindChat : t.kindInquiry}</span>
              </label>
            ))}
          </fieldset>
          {texts.map(({ key, label, hint, rows, maxLength, short, testId }) => (
            <Field key={key} label={label} hint={hint}>
              <textarea
                className={short ? 'textarea short' : 'textarea'}
                rows={rows}
                maxLength={maxLength}
                value={draft[key]}
                onChange={e => set(key, e.target.value)}
                data-testid={testId}
              />
            </Field>
          ))}
          <label className="field">
            <span className="field-label">
              {t.fieldTemperature}
              <output>{draft.temperature.toFixed(1)}</output>
            </span>
            <Slider min={0} max={1.5} step={0.1} value={draft.temperature} onChange={e => set('temperature', Number(e.target.value))} />
            <span className="field-hint">{t.temperatureHint}</span>
          </label>
          <CheckList
            label={t.fieldDatasets}
            hint={t.datasetsHint}
            empty={datasets ? t.noDatasets : '…'}
            options={datasets ?? []}
            value={draft.datasetIds}
            onChange={ids => set('datasetIds', ids)}
            testId="editor-datasets"
          />
          <fieldset className="field kinds">
            <legend className="field-label">{t.fieldPublish}</legend>
            <label className="check">
              <input type="checkbox" checked={draft.publishSchool} onChange={e => set('publishSchool', e.target.checked)} data-testid="editor-publish" />
              <span>{t.publishSchool}</span>
            </label>
          </fieldset>
          {courses?.length !== 0 ? (
            <CheckList
              label={t.publishCourses}
              hint={t.publishCoursesHint}
              empty="…"
              options={courses ?? []}
              value={draft.courseIds}
              onChange={ids => set('courseIds', ids)}
              testId="editor-courses"
            />
          ) : null}
          {error ? (
            <p className="field-error" role="alert" data-testid="editor-error">
              {error}
            </p>
          ) : null}
          <ModalActions onCancel={onClose} disabled={saving} testId="editor-save" />
        </form>
      ) : (
        <p className="result-empty">…</p>
      )}
    </Modal>
  )
}

export const assistantEditorCss = `
.editor { display: flex; flex-direction: column; gap: 14px; }
.editor-row { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
.textarea.short { min-height: 60px; }
.kinds { border: 0; padding: 0; margin: 0; gap: 8px; }
.kinds legend { padding: 0; margin-bottom: 6px; }
.radio, .check { display: flex; align-items: flex-start; gap: 8px; color: var(--_text); font-size: 14px; line-height: 1.5; cursor: pointer; }
.radio input, .check input { margin-top: 3px; accent-color: var(--_primary); }
.field-label output { color: var(--_text-muted); font-weight: 400; }
@media (max-width: 560px) { .editor-row { grid-template-columns: minmax(0, 1fr); } }
`
