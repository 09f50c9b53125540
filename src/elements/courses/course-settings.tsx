import { useStore } from '@nanostores/react'
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react'
import type { CourseDetail } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { loadAiOptions, saveCourse, uploadCourseFile, type AiOptions } from '../../stores/course-editor'
import { $courseDicts, loadCourseDicts } from '../../stores/courses'
import { showToast } from '../../stores/toasts'
import { CourseCover } from './course-cover'
import { CourseFieldInputs, type CourseFieldValues } from './course-fields'
import { CourseTeachers } from './course-teachers'
import { CheckList, Field, Icon } from '../shared/ui'
import { Select } from '../shared/select'
import { styles } from '../shared/styles'

/** A number field that may be left empty ("inherit"); returns null for empty. */
function optionalNumber(text: string): number | null {
  const value = Number.parseFloat(text)
  return text.trim() === '' || !Number.isFinite(value) ? null : value
}

/**
 * The teacher's settings: the course's basics and cover, and the course AI
 * (prompt, assistant, model, temperature, top_p, knowledge datasets) that
 * every chat inside the course inherits.
 */
export function CourseSettings({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const dicts = useStore($courseDicts)
  const ai = course.ai!
  const [fields, setFields] = useState<CourseFieldValues>({
    title: course.title,
    description: course.description,
    category: course.category,
    term: course.term,
  })
  const [cover, setCover] = useState(course.cover)
  const [prompt, setPrompt] = useState(ai.systemPrompt)
  const [assistantId, setAssistantId] = useState(ai.assistantId ?? '')
  const [model, setModel] = useState(ai.model ? `${ai.model}\n${ai.modelVersion ?? ''}` : '')
  const [temperature, setTemperature] = useState(ai.temperature === null ? '' : String(ai.temperature))
  const [topP, setTopP] = useState(ai.topP === null ? '' : String(ai.topP))
  const [datasetIds, setDatasetIds] = useState<string[]>(ai.datasetIds)
  const [options, setOptions] = useState<AiOptions | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void loadCourseDicts()
    void loadAiOptions().then(setOptions)
  }, [])

  const pickCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const uploaded = await uploadCourseFile(file).catch(() => null)
    if (uploaded) setCover(uploaded.url)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!fields.title.trim() || busy) return
    setBusy(true)
    const [modelName, version] = model.split('\n')
    try {
      await saveCourse(course.id, {
        ...fields,
        title: fields.title.trim(),
        cover,
        ai: {
          systemPrompt: prompt,
          assistantId: assistantId || null,
          model: modelName || null,
          modelVersion: version || null,
          temperature: optionalNumber(temperature),
          topP: optionalNumber(topP),
          datasetIds,
        },
      })
      showToast('success', t.saved)
    } finally {
      setBusy(false)
    }
  }

  const modelChoices = (options?.models ?? []).flatMap(m =>
    m.versions.length ? m.versions.map(v => ({ value: `${m.name}\n${v}`, label: `${m.label} · ${v}` })) : [{ value: `${m.name}\n`, label: m.label }],
  )
  const known = model === '' || modelChoices.some(c => c.value === model)

  return (
    <form className="settings" onSubmit={submit} data-testid="course-settings">
      <section className="panel">
        <h2 className="panel-title">{t.basicInfo}</h2>
        <div className="settings-basic">
          <div className="settings-cover">
            <CourseCover course={{ cover, title: fields.title || course.title }} />
            <div className="actions">
              <label className="button small">
                <Icon name="image" /> {cover ? t.changeCover : t.uploadCover}
                <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={e => void pickCover(e)} />
              </label>
              {cover ? (
                <button type="button" className="button ghost small" onClick={() => setCover('')}>
                  {t.removeCover}
                </button>
              ) : null}
            </div>
          </div>
          <div className="form">
            <CourseFieldInputs values={fields} onChange={setFields} dicts={dicts} />
          </div>
        </div>
      </section>

      <CourseTeachers course={course} />

      <section className="panel">
        <h2 className="panel-title">
          <Icon name="sparkles" /> {t.aiSettings}
        </h2>
        <p className="panel-hint">{t.aiSettingsHint}</p>
        <div className="form">
          <Field label={t.systemPrompt} hint={t.systemPromptDefault}>
            <textarea
              className="textarea"
              name="systemPrompt"
              rows={5}
              maxLength={8000}
              value={prompt}
              placeholder={t.systemPromptPlaceholder}
              onChange={e => setPrompt(e.target.value)}
            />
          </Field>
          <div className="form-row">
            <Field label={t.model}>
              <Select name="model" value={model} onChange={e => setModel(e.target.value)} none={t.modelDefault} options={modelChoices}>
                {!known ? <option value={model}>{model.replace('\n', ' · ')}</option> : null}
              </Select>
            </Field>
            <Field label={t.assistant} hint={t.assistantHint}>
              <Select
                name="assistant"
                value={assistantId}
                onChange={e => setAssistantId(e.target.value)}
                none={t.assistantNone}
                options={(options?.assistants ?? []).map(a => ({ value: a.id, label: a.title }))}>
                {assistantId && !options?.assistants.some(a => a.id === assistantId) ? <option value={assistantId}>{assistantId}</option> : null}
              </Select>
            </Field>
          </div>
          <div className="form-row">
            {(
              [
                ['temperature', t.temperature, 2, 0.1, temperature, setTemperature],
                ['topP', t.topP, 1, 0.05, topP, setTopP],
              ] as const
            ).map(([name, label, max, step, value, setValue]) => (
              <Field key={name} label={label}>
                <input
                  className="input"
                  name={name}
                  type="number"
                  min={0}
                  max={max}
                  step={step}
                  placeholder={t.inherit}
                  value={value}
                  onChange={e => setValue(e.target.value)}
                />
              </Field>
            ))}
          </div>
          <CheckList
            label={t.datasets}
            className="datasets"
            empty={t.datasetsNone}
            options={(options?.datasets ?? []).map(d => ({ id: d.id, label: d.name, note: d.visibility === 'private' ? t.privateDataset : undefined }))}
            value={datasetIds}
            onChange={setDatasetIds}
          />
        </div>
      </section>
      <div className="actions sticky-actions">
        <button type="submit" className="button primary" disabled={busy || !fields.title.trim()} data-testid="save-settings">
          {t.saveSettings}
        </button>
      </div>
    </form>
  )
}

export const courseSettingsCss = `
.settings { display: flex; flex-direction: column; gap: 16px; }
.settings .panel + .panel { margin-top: 0; }
.panel-title { display: flex; align-items: center; gap: 6px; }
.settings-basic { display: grid; grid-template-columns: 260px 1fr; gap: 24px; align-items: start; margin-top: 12px; }
.settings-cover { display: grid; gap: 10px; }
.settings-cover .cover { border-radius: var(--_radius-small); }
.sticky-actions { position: sticky; bottom: 0; padding: 12px 0; background: linear-gradient(transparent, var(--_bg) 40%); justify-content: flex-end; }
@media (max-width: 760px) { .settings-basic { grid-template-columns: 1fr; } }
`

CourseSettings.styles = styles(courseSettingsCss)
