import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { checkFormValues, toNumber, type FormField as Field, type FormValue, type FormValues } from '../../../shared/form-rules'
import type { AssistantCard } from '../../api/assistants'
import { $assistantsMessages, $locale } from '../../i18n'
import { $formRun, regenerateForm, resetFormRun, runForm, stopForm } from '../../stores/form-run'
import { showToast } from '../../stores/toasts'
import { MarkdownView } from '../shared/markdown'
import { Avatar } from '../shared/assistants/avatar'
import { chatHref } from '../shared/assistants/assistant-card'
import { FormField } from './form-field'
import { problemText } from './form-rules-i18n'
import { Icon } from '../shared/ui'

function initialValues(fields: readonly Field[]): FormValues {
  return Object.fromEntries(fields.map(f => [f.name, f.default ?? (f.type === 'multiselect' ? [] : '')]))
}

/** Numbers typed as text go as numbers; everything else as typed (the server trims). */
function outgoing(fields: readonly Field[], values: FormValues): FormValues {
  return Object.fromEntries(
    fields.map(f => {
      const value = values[f.name]
      if (f.type === 'number' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(toNumber(value))) return [f.name, toNumber(value)]
      return [f.name, value ?? null]
    }),
  )
}

/**
 * A form app: fill the fields (checked here by the same rules the server
 * applies), and the answer streams in beside the form. It can be copied,
 * regenerated, or continued as a chat.
 */
export function FormApp({ app, onBack }: { app: AssistantCard; onBack: () => void }) {
  const t = useStore($assistantsMessages)
  const locale = useStore($locale)
  const run = useStore($formRun)
  const fields = app.formFields ?? []
  const [values, setValues] = useState<FormValues>(() => initialValues(fields))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [copied, setCopied] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  useEffect(() => {
    resetFormRun(app.id)
    return () => resetFormRun()
  }, [app.id])

  const change = (name: string, value: FormValue) => {
    setValues(current => ({ ...current, [name]: value }))
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const payload = outgoing(fields, values)
    const problems = checkFormValues(fields, payload)
    const found: Record<string, string> = {}
    for (const problem of problems) found[problem.field] ??= problemText(t, problem)
    setErrors(found)
    if (problems.length) {
      showToast('warning', t.formFix)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field.invalid input')?.focus()
      return
    }
    void runForm(app.id, payload, t.formFailed)
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(run.text)
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      showToast('warning', t.formFailed)
    }
  }

  const running = run.status === 'running'
  return (
    <div className="form-app" data-testid="form-app">
      <header className="form-app-head">
        <button type="button" className="button ghost" onClick={onBack} data-testid="form-back">
          <Icon name="back" />
          {t.formBack}
        </button>
        <Avatar id={app.id} title={app.title} src={app.avatar} size={36} />
        <div className="form-app-title">
          <h2>{app.title}</h2>
          <p>{app.description}</p>
        </div>
      </header>
      <div className="form-app-body">
        <form ref={form} className="form-panel" noValidate onSubmit={submit}>
          {fields.map(field => (
            <FormField key={field.name} field={field} value={values[field.name]} error={errors[field.name]} onChange={value => change(field.name, value)} />
          ))}
          <div className="form-actions">
            {running ? (
              <button type="button" className="button" onClick={stopForm} data-testid="form-stop">
                {t.formStop}
              </button>
            ) : null}
            <button type="submit" className="button primary" disabled={running} data-testid="form-run">
              <Icon name="sparkles" />
              {running ? t.formRunning : t.formRun}
            </button>
          </div>
        </form>
        <section className="result-panel" aria-live="polite" aria-busy={running} data-testid="form-result">
          <h3 className="result-title">{t.formResult}</h3>
          {run.text ? (
            <MarkdownView text={run.text} streaming={running} locale={locale} className="result-text" />
          ) : (
            <p className="result-empty">{running ? t.formRunning : t.formEmpty}</p>
          )}
          {run.status === 'error' && run.error ? (
            <p className="field-error" role="alert">
              {run.error}
            </p>
          ) : null}
          {run.chatNumber && !running && run.text ? (
            <div className="result-actions">
              <button type="button" className="button" onClick={copy} data-testid="form-copy">
                {copied ? t.formCopied : t.formCopy}
              </button>
              <button type="button" className="button" onClick={() => void regenerateForm(t.formFailed)} data-testid="form-regenerate">
                {t.formRegenerate}
              </button>
              <a className="button primary" href={chatHref(app.id, run.chatNumber)} data-testid="form-continue">
                <Icon name="message" />
                {t.formContinue}
              </a>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  )
}

export const formAppCss = `
.form-app { display: flex; flex-direction: column; gap: 16px; }
.form-app-head { display: flex; align-items: center; gap: 12px; }
.form-app-title { min-width: 0; }
.form-app-title h2 { margin: 0; font-size: 18px; }
.form-app-title p { margin: 2px 0 0; color: var(--_text-muted); font-size: 13px; }
.form-app-body { display: grid; grid-template-columns: minmax(280px, 400px) minmax(0, 1fr); gap: 20px; align-items: start; }
.form-panel, .result-panel {
  display: flex; flex-direction: column; gap: 14px; padding: 20px; border: 1px solid var(--_border);
  border-radius: var(--_radius); background: var(--_bg-elevated);
}
.result-panel { min-height: 320px; }
.form-actions, .result-actions { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.result-actions { justify-content: flex-start; border-top: 1px solid var(--_border); padding-top: 12px; }
.result-title { margin: 0; font-size: 15px; }
.result-empty { margin: auto; color: var(--_text-muted); text-align: center; max-width: 260px; line-height: 1.6; }
a.button { text-decoration: none; }
@container apps (max-width: 760px) {
  .form-app-body { grid-template-columns: minmax(0, 1fr); }
}
`
