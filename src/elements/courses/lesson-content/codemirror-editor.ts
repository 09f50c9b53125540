/**
 * The lesson editor's text area: CodeMirror 6 on the lesson's markdown. This
 * module is the only one importing @codemirror/*, and the content editor
 * loads it with `import()`, so its ~100 KB stay out of every other courses
 * page (figures and the choice: docs/lesson-editor.md).
 *
 * Only `markdownLanguage` and the list-continuing keymap are taken from
 * @codemirror/lang-markdown: its `markdown()` would also pull in the HTML,
 * CSS and JavaScript languages for embedded code (+67 KB gzip).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorSelection } from '@codemirror/state'
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import type { MarkdownEdit, Selection } from './markdown-edits'

export interface TextEditorOptions {
  parent: HTMLElement
  doc: string
  label: string
  placeholder: string
  onChange: (text: string) => void
  /** Images pasted or dropped: the editor inserts nothing itself, the caller uploads them. */
  onImages: (files: File[], at: number) => void
  /** Mod-B, Mod-I, Mod-K run the matching toolbar edits. */
  shortcuts: Record<string, (text: string, sel: Selection) => MarkdownEdit>
}

/** What the React side uses; nothing of CodeMirror leaks out. */
export interface TextEditor {
  apply(edit: (text: string, sel: Selection) => MarkdownEdit): void
  /** Puts `text` at `at` (or the cursor) without moving the cursor when it lies before. */
  insert(text: string, at?: number): void
  /** Replaces the first occurrence of `find` (a placeholder) with `replacement`; false when it is gone. */
  replaceFirst(find: string, replacement: string): boolean
  focus(): void
  destroy(): void
}

const highlight = HighlightStyle.define([
  { tag: tags.heading1, fontSize: '1.3em', fontWeight: '700' },
  { tag: tags.heading2, fontSize: '1.18em', fontWeight: '700' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--_primary-strong)' },
  { tag: tags.monospace, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.92em' },
  { tag: tags.quote, color: 'var(--_text-muted)' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--_text-muted)' },
])

// Colours come from the element's design tokens, so both themes follow without a second theme.
const theme = EditorView.theme({
  '&': { height: '100%', backgroundColor: 'var(--_bg)', color: 'var(--_text)', fontSize: '14.5px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--_font)', lineHeight: '1.7', overflow: 'auto' },
  '.cm-content': { padding: '12px 14px', caretColor: 'var(--_primary-strong)' },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: 'var(--_text-muted)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--_primary-soft)' },
  '.cm-cursor': { borderLeftColor: 'var(--_primary-strong)' },
})

const imagesOf = (list: FileList | null | undefined) => [...(list ?? [])].filter(file => file.type.startsWith('image/'))

export function createTextEditor(options: TextEditorOptions): TextEditor {
  const run = (edit: (text: string, sel: Selection) => MarkdownEdit) => (view: EditorView) => {
    const range = view.state.selection.main
    const change = edit(view.state.doc.toString(), { from: range.from, to: range.to })
    view.dispatch({
      changes: { from: change.from, to: change.to, insert: change.insert },
      selection: EditorSelection.single(change.select.from, change.select.to),
      scrollIntoView: true,
      userEvent: 'input',
    })
    view.focus()
    return true
  }

  const view = new EditorView({
    parent: options.parent,
    // Inside the course element's shadow root: CodeMirror adopts its styles
    // there and reads the selection from it.
    root: options.parent.getRootNode() as ShadowRoot | Document,
    doc: options.doc,
    extensions: [
      history(),
      keymap.of([...Object.entries(options.shortcuts).map(([key, edit]) => ({ key, run: run(edit) })), ...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
      markdownLanguage,
      syntaxHighlighting(highlight),
      EditorView.lineWrapping,
      placeholderText(options.placeholder),
      EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-multiline': 'true', 'data-testid': 'lesson-content' }),
      theme,
      EditorView.updateListener.of(update => {
        if (update.docChanged) options.onChange(update.state.doc.toString())
      }),
      EditorView.domEventHandlers({
        paste(event, view) {
          const images = imagesOf(event.clipboardData?.files)
          if (!images.length) return false
          event.preventDefault()
          options.onImages(images, view.state.selection.main.head)
          return true
        },
        drop(event, view) {
          const images = imagesOf(event.dataTransfer?.files)
          if (!images.length) return false
          event.preventDefault()
          const at = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head
          options.onImages(images, at)
          return true
        },
      }),
    ],
  })

  return {
    apply: edit => void run(edit)(view),
    insert(text, at = view.state.selection.main.head) {
      view.dispatch({ changes: { from: at, insert: text }, userEvent: 'input' })
    },
    replaceFirst(find, replacement) {
      const at = view.state.doc.toString().indexOf(find)
      if (at === -1) return false
      view.dispatch({ changes: { from: at, to: at + find.length, insert: replacement }, userEvent: 'input' })
      return true
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  }
}
