import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { $coursesMessages, $locale } from '../../../i18n'
import { showToast } from '../../../stores/toasts'
import { MarkdownView } from '../../shared/markdown'
import { Icon } from '../../shared/ui'
import { useDebounced } from '../../shared/use-debounced'
import type { TextEditor } from './codemirror-editor'
import {
  imageMarkdown,
  insertLink,
  insertMath,
  insertTable,
  insertTip,
  toggleBulletList,
  toggleCode,
  toggleHeading,
  toggleOrderedList,
  toggleQuote,
  toggleWrap,
  type EditWords,
  type MarkdownEdit,
  type Selection,
} from './markdown-edits'
import { ToolButton, ToolGroup } from './toolbar'

/**
 * The lesson's text: a formatting toolbar over a CodeMirror editor, with the
 * preview beside it rendered by the same `MarkdownView` students read (math,
 * code, tips). Narrow screens switch between the two. Images pasted, dropped
 * or picked are uploaded and inserted as `![name](url)` where they landed.
 * CodeMirror loads on first use (a lazy chunk); until then a skeleton shows,
 * and a failed load says so with a retry.
 */
export interface ContentEditorProps {
  initial: string
  onChange: (text: string) => void
  /** Uploads one image; resolves with its name and public URL. */
  upload: (file: File) => Promise<{ name: string; url: string }>
  /** How many images are uploading (the lesson cannot be saved meanwhile). */
  onUploading: (count: number) => void
}

const loadEditorModule = () => import('./codemirror-editor')

let placeholderSeq = 0

/** How the toolbar's tooltips write the shortcut key (CodeMirror's Mod is ⌘ on Apple systems). */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+'

export function ContentEditor({ initial, onChange, upload, onUploading }: ContentEditorProps) {
  const t = useStore($coursesMessages)
  const locale = useStore($locale)
  const [text, setText] = useState(initial)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  const [mode, setMode] = useState<'write' | 'preview'>('write')
  const host = useRef<HTMLDivElement>(null)
  const editor = useRef<TextEditor | null>(null)
  const uploads = useRef(0)
  const latest = useRef({ onChange, upload, onUploading, t })
  latest.current = { onChange, upload, onUploading, t }
  const preview = useDebounced(text, 120)

  const words: EditWords = {
    boldText: t.boldText,
    italicText: t.italicText,
    codeText: t.codeText,
    linkText: t.linkText,
    formula: t.formula,
    tipText: t.tipText,
    column: t.column,
    listItem: t.listItem,
    headingText: t.headingText,
  }
  const wordsRef = useRef(words)
  wordsRef.current = words

  /**
   * All the images' "uploading" placeholders go in at once where they landed
   * (so later edits cannot shift where the next one goes), each swapped for
   * its image when stored, or removed with a message when it fails.
   */
  const uploadImages = async (files: File[], at?: number) => {
    const { upload, onUploading, t } = latest.current
    const marks = files.map(file => `![${t.uploadingImage({ name: file.name.replace(/[[\]\n]/g, '') })} #${++placeholderSeq}]()`)
    editor.current?.insert(marks.map(mark => `${mark}\n`).join(''), at)
    uploads.current += files.length
    onUploading(uploads.current)
    await Promise.all(
      files.map(async (file, i) => {
        try {
          const stored = await upload(file)
          editor.current?.replaceFirst(marks[i]!, imageMarkdown(stored.name, stored.url))
        } catch {
          editor.current?.replaceFirst(`${marks[i]!}\n`, '')
          showToast('error', t.imageUploadFailed({ name: file.name }))
        } finally {
          onUploading(--uploads.current)
        }
      }),
    )
  }
  const uploadRef = useRef(uploadImages)
  uploadRef.current = uploadImages

  useEffect(() => {
    let live = true
    setState('loading')
    loadEditorModule().then(
      ({ createTextEditor }) => {
        if (!live || !host.current) return
        const w = () => wordsRef.current
        editor.current = createTextEditor({
          parent: host.current,
          doc: text,
          label: latest.current.t.content,
          placeholder: latest.current.t.contentPlaceholder,
          onChange: next => {
            setText(next)
            latest.current.onChange(next)
          },
          onImages: (files, at) => void uploadRef.current(files, at),
          shortcuts: {
            'Mod-b': (s, sel) => toggleWrap(s, sel, '**', w().boldText),
            'Mod-i': (s, sel) => toggleWrap(s, sel, '*', w().italicText),
            'Mod-k': (s, sel) => insertLink(s, sel, w()),
          },
        })
        setState('ready')
      },
      () => live && setState('failed'),
    )
    return () => {
      live = false
      editor.current?.destroy()
      editor.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is built once per attempt and owns the text after that
  }, [attempt])

  const apply = (edit: (text: string, sel: Selection, words: EditWords) => MarkdownEdit) => () => {
    setMode('write')
    editor.current?.apply((s, sel) => edit(s, sel, words))
  }

  const pickImages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length) void uploadImages(files)
  }

  const ready = state === 'ready'
  return (
    <div className="content-editor" data-mode={mode}>
      <div className="ce-toolbar" role="toolbar" aria-label={t.formatting} aria-disabled={!ready || undefined}>
        <ToolGroup>
          <ToolButton icon="h2" label={t.heading2} onClick={apply((s, sel, w) => toggleHeading(s, sel, 2, w))} />
          <ToolButton icon="h3" label={t.heading3} onClick={apply((s, sel, w) => toggleHeading(s, sel, 3, w))} />
        </ToolGroup>
        <ToolGroup>
          <ToolButton icon="bold" label={t.bold} shortcut={`${MOD}B`} testId="tool-bold" onClick={apply((s, sel, w) => toggleWrap(s, sel, '**', w.boldText))} />
          <ToolButton icon="italic" label={t.italic} shortcut={`${MOD}I`} onClick={apply((s, sel, w) => toggleWrap(s, sel, '*', w.italicText))} />
          <ToolButton icon="code" label={t.code} onClick={apply(toggleCode)} />
          <ToolButton icon="link" label={t.link} shortcut={`${MOD}K`} onClick={apply(insertLink)} />
        </ToolGroup>
        <ToolGroup>
          <ToolButton icon="bulletList" label={t.bulletList} onClick={apply(toggleBulletList)} />
          <ToolButton icon="orderedList" label={t.orderedList} onClick={apply(toggleOrderedList)} />
          <ToolButton icon="quote" label={t.quote} onClick={apply(toggleQuote)} />
        </ToolGroup>
        <ToolGroup>
          <ToolButton icon="table" label={t.table} testId="tool-table" onClick={apply(insertTable)} />
          <label className="tool" title={t.insertImage} onMouseDown={event => event.preventDefault()}>
            <Icon name="image" />
            <span className="visually-hidden">{t.insertImage}</span>
            <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple hidden onChange={pickImages} data-testid="tool-image" />
          </label>
          <ToolButton icon="math" label={t.math} testId="tool-math" onClick={apply(insertMath)} />
          <ToolButton icon="tip" label={t.tipBlock} testId="tool-tip" onClick={apply(insertTip)} />
        </ToolGroup>
        <span className="segmented ce-mode" role="group">
          <button type="button" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
            {t.write}
          </button>
          <button type="button" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')} data-testid="preview-toggle">
            {t.preview}
          </button>
        </span>
      </div>
      <div className="ce-panes">
        <div className="ce-source">
          <div className="ce-host" ref={host} hidden={!ready} />
          {state === 'loading' ? <div className="ce-skeleton" aria-busy="true" aria-label={t.content} /> : null}
          {state === 'failed' ? (
            <div className="ce-failed" role="alert">
              <span>{t.editorLoadFailed}</span>
              <button type="button" className="button small" onClick={() => setAttempt(n => n + 1)}>
                {t.retryLoad}
              </button>
            </div>
          ) : null}
        </div>
        <div className="ce-preview" data-testid="lesson-preview" aria-label={t.preview}>
          <MarkdownView text={preview} locale={locale} />
        </div>
      </div>
    </div>
  )
}

export const contentEditorCss = `
.content-editor { container: content-editor / inline-size; display: flex; flex-direction: column; border: 1px solid var(--_border); border-radius: var(--_radius-small); background: var(--_bg); overflow: hidden; }
.content-editor:focus-within { border-color: var(--_primary); box-shadow: 0 0 0 3px var(--_primary-soft); }
.ce-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; padding: 4px 6px; border-bottom: 1px solid var(--_border); background: var(--_bg-subtle); }
.tool-group { display: inline-flex; gap: 1px; }
.tool-group + .tool-group { padding-left: 6px; border-left: 1px solid var(--_border); }
.tool { display: inline-grid; place-items: center; width: 30px; height: 30px; padding: 0; border: 0; border-radius: 6px; background: none; color: var(--_text-muted); cursor: pointer; }
.tool:hover { background: var(--_bg-hover); color: var(--_text); }
.tool:has(input:focus-visible) { outline: 2px solid var(--_focus); outline-offset: 2px; }
.ce-toolbar[aria-disabled='true'] .tool { pointer-events: none; opacity: 0.5; }
.ce-toolbar .ce-mode { margin-left: auto; display: none; }
.ce-panes { display: grid; grid-template-columns: 1fr 1fr; min-height: 340px; height: min(56vh, 560px); }
.ce-source { position: relative; min-width: 0; min-height: 0; border-right: 1px solid var(--_border); }
.ce-host { height: 100%; }
/* The frame around the editor shows its focus (:focus-within), not the text itself. */
.ce-host .cm-content:focus-visible { outline: none; }
.ce-preview { min-width: 0; overflow: auto; padding: 12px 16px; color: var(--_text); background: var(--_bg-elevated); }
.ce-skeleton { position: absolute; inset: 14px; border-radius: 6px;
  background: repeating-linear-gradient(to bottom, var(--_bg-subtle) 0 14px, transparent 14px 26px); animation: ce-pulse 1.2s ease-in-out infinite alternate; }
@keyframes ce-pulse { from { opacity: 0.55; } to { opacity: 1; } }
.ce-failed { display: flex; flex-direction: column; align-items: flex-start; gap: 10px; padding: 16px; color: var(--_danger); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@container content-editor (max-width: 720px) {
  .ce-toolbar .ce-mode { display: inline-flex; }
  .ce-panes { grid-template-columns: 1fr; }
  .ce-source { border-right: 0; }
  .content-editor[data-mode='write'] .ce-preview, .content-editor[data-mode='preview'] .ce-source { display: none; }
}
@media (prefers-reduced-motion: reduce) { .ce-skeleton { animation: none; } }
`
