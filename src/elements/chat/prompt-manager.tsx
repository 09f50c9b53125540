import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { $chatMessages } from '../../i18n'
import { $prompts, addPrompt, deletePrompt, exportPrompts, importPrompts, PromptError, updatePrompt, type Prompt } from '../../stores/prompts'
import { showToast } from '../../stores/toasts'
import { ConfirmDialog, Field, Icon, IconButton, Modal, ModalActions, SearchField, FormError } from '../shared/ui'
import { styles } from '../shared/styles'

/** The local prompt store (SPEC §3 `promptStore`): add, edit, delete, import and export JSON. */
export function PromptManager({ onClose }: { onClose: () => void }) {
  const t = useStore($chatMessages)
  const prompts = useStore($prompts)
  const [query, setQuery] = useState('')
  /** null: not editing; '' : adding; a title: editing that prompt. */
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Prompt | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const needle = query.trim().toLowerCase()
  const shown = prompts.filter(p => !needle || p.key.toLowerCase().includes(needle) || p.value.toLowerCase().includes(needle))

  const onImport = async (file: File | undefined) => {
    if (!file) return
    try {
      const result = importPrompts(await file.text())
      showToast('success', t.importDone(result))
    } catch {
      showToast('error', t.promptInvalidJson)
    }
  }

  return (
    <Modal heading={t.promptStore} onClose={onClose} testId="prompt-manager" wide>
      <div className="prompt-toolbar">
        <SearchField boxed className="prompt-search" label={t.searchPrompts} value={query} onChange={setQuery} />
        <button type="button" className="button primary" data-testid="add-prompt" onClick={() => setEditing('')}>
          <Icon name="plus" />
          {t.addPrompt}
        </button>
        <button type="button" className="button" data-testid="import-prompts" onClick={() => fileInput.current?.click()}>
          <Icon name="upload" />
          {t.importPrompts}
        </button>
        <button
          type="button"
          className="button"
          data-testid="export-prompts"
          disabled={!prompts.length}
          onClick={() => downloadJson(exportPrompts(), 'zhixue-prompts.json')}>
          <Icon name="download" />
          {t.exportPrompts}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={event => {
            const file = event.target.files?.[0]
            event.target.value = ''
            void onImport(file)
          }}
        />
      </div>
      {editing !== null ? <PromptForm key={editing} original={prompts.find(p => p.key === editing)} onDone={() => setEditing(null)} /> : null}
      {prompts.length === 0 ? <p className="prompt-store-empty">{t.noLocalPrompts}</p> : null}
      <ul className="prompt-rows" data-testid="prompt-rows">
        {shown.map(prompt => (
          <li key={prompt.key} className="prompt-row" data-testid="prompt-row">
            <div className="prompt-row-text">
              <strong className="prompt-row-title">{prompt.key}</strong>
              <span className="prompt-row-value">{prompt.value}</span>
            </div>
            <IconButton icon="edit" label={t.editPrompt} testId="edit-prompt" onClick={() => setEditing(prompt.key)} />
            <IconButton icon="trash" label={t.delete} testId="delete-prompt" onClick={() => setDeleting(prompt)} />
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          heading={t.promptStore}
          message={t.deletePromptConfirm({ title: deleting.key })}
          confirmLabel={t.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            deletePrompt(deleting.key)
            setDeleting(null)
          }}
        />
      ) : null}
    </Modal>
  )
}

function PromptForm({ original, onDone }: { original?: Prompt; onDone: () => void }) {
  const t = useStore($chatMessages)
  const [key, setKey] = useState(original?.key ?? '')
  const [value, setValue] = useState(original?.value ?? '')
  const [error, setError] = useState('')

  const save = () => {
    try {
      if (original) updatePrompt(original.key, { key, value })
      else addPrompt({ key, value })
      showToast('success', t.promptSaved)
      onDone()
    } catch (failure) {
      setError(failure instanceof PromptError && failure.reason === 'duplicate' ? t.promptDuplicate : t.promptEmpty)
    }
  }

  return (
    <form
      className="prompt-form"
      data-testid="prompt-form"
      onSubmit={event => {
        event.preventDefault()
        save()
      }}>
      <Field label={t.promptTitle}>
        <input className="input" value={key} maxLength={100} data-testid="prompt-title" onChange={event => setKey(event.target.value)} autoFocus />
      </Field>
      <Field label={t.promptContent}>
        <textarea className="textarea" rows={4} value={value} maxLength={8000} data-testid="prompt-content" onChange={event => setValue(event.target.value)} />
      </Field>
      <FormError message={error} />
      <ModalActions onCancel={onDone} testId="save-prompt" />
    </form>
  )
}

/** Saves text as a file through a temporary object URL. */
function downloadJson(json: string, name: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export const promptManagerCss = `
.prompt-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.prompt-search { flex: 1; min-width: 160px; margin: 0; }
.prompt-form { display: flex; flex-direction: column; gap: 12px; padding: 14px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-subtle); }
.form-error { margin: 0; padding: 8px 12px; border-radius: var(--_radius-small); background: color-mix(in srgb, var(--_danger) 10%, transparent); color: var(--_danger-strong); font-size: 13px; }
.prompt-store-empty { margin: 8px 0; padding: 24px; text-align: center; color: var(--_text-muted); border: 1px dashed var(--_border); border-radius: var(--_radius); }
.prompt-rows { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 6px; max-height: 50vh; overflow-y: auto; }
.prompt-row { display: flex; align-items: center; gap: 4px; padding: 10px 8px 10px 14px; border: 1px solid var(--_border); border-radius: var(--_radius-small); }
.prompt-row:hover { background: var(--_bg-hover); }
.prompt-row-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.prompt-row-title { font-size: 14px; }
.prompt-row-value { font-size: 13px; color: var(--_text-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`

PromptManager.styles = styles(promptManagerCss)
