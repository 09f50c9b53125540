import { useStore } from '@nanostores/react'
import { useRef, useState, type DragEvent, type FormEvent } from 'react'
import type { Chapter, CourseDetail, LessonHead } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { addChapter, addLesson, removeChapter, removeLesson, renameChapter, reorder } from '../../stores/course-editor'
import { ConfirmDialog, Icon, IconButton } from '../shared/ui'
import { LessonEditor } from './lesson-editor'
import { detailHref } from '../shared/links'
import { LessonFacts } from './outline-view'
import { moveChapter, moveLesson, sameOrder, stepLesson } from './outline-moves'
import { styles } from '../shared/styles'

/**
 * The teacher's outline: chapters and lessons reordered by native HTML5
 * drag and drop (it works inside shadow roots, where the React DnD
 * libraries still have open issues) and by up/down buttons for keyboard
 * and touch users; add, rename, edit and delete in place.
 */

type Dragged = { kind: 'chapter'; id: string } | { kind: 'lesson'; id: string }
type Pending = { kind: 'chapter'; chapter: Chapter } | { kind: 'lesson'; lesson: LessonHead }

const DRAG_TYPE = 'application/x-zx-outline'

export function OutlineEditor({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const [dragged, setDragged] = useState<Dragged | null>(null)
  const [dropAt, setDropAt] = useState<string | null>(null)
  const [editing, setEditing] = useState<string | null>(null)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<Pending | null>(null)
  const chapters = course.chapters

  const commit = (next: Chapter[]) => {
    if (!sameOrder(next, chapters)) void reorder(course.id, next)
  }

  const start = (item: Dragged) => (event: DragEvent) => {
    event.stopPropagation()
    event.dataTransfer.effectAllowed = 'move'
    event.dataTransfer.setData(DRAG_TYPE, item.id)
    event.dataTransfer.setData('text/plain', item.id)
    setDragged(item)
  }
  const end = () => {
    setDragged(null)
    setDropAt(null)
  }
  const over = (target: string, accepts: Dragged['kind']) => (event: DragEvent) => {
    if (dragged?.kind !== accepts) return
    event.preventDefault()
    event.stopPropagation()
    event.dataTransfer.dropEffect = 'move'
    setDropAt(target)
  }
  /** Dropping on a chapter: a chapter goes before it, a lesson to its end. */
  const dropOnChapter = (chapter: Chapter, index: number) => (event: DragEvent) => {
    event.preventDefault()
    event.stopPropagation()
    if (dragged?.kind === 'chapter') commit(moveChapter(chapters, dragged.id, index > chapters.findIndex(c => c.id === dragged.id) ? index - 1 : index))
    if (dragged?.kind === 'lesson') commit(moveLesson(chapters, dragged.id, chapter.id, chapter.lessons.filter(l => l.id !== dragged.id).length))
    end()
  }
  /** Dropping on a lesson: the dragged lesson goes before it. */
  const dropOnLesson = (chapter: Chapter, lesson: LessonHead) => (event: DragEvent) => {
    event.preventDefault()
    event.stopPropagation()
    if (dragged?.kind === 'lesson' && dragged.id !== lesson.id) {
      const index = chapter.lessons.filter(l => l.id !== dragged.id).findIndex(l => l.id === lesson.id)
      commit(moveLesson(chapters, dragged.id, chapter.id, index))
    }
    end()
  }

  const confirmDelete = async () => {
    if (!confirm) return
    if (confirm.kind === 'chapter') await removeChapter(course.id, confirm.chapter.id)
    else await removeLesson(course.id, confirm.lesson.id)
    setConfirm(null)
  }

  return (
    <div className="editor" data-testid="outline-editor">
      {chapters.length ? <p className="muted editor-hint">{t.dragHint}</p> : <zx-empty-state message={t.emptyOutline} />}
      {chapters.map((chapter, ci) => (
        <section
          key={chapter.id}
          className="edit-chapter"
          data-dragging={dragged?.id === chapter.id || undefined}
          data-drop={dropAt === chapter.id || undefined}
          onDragOver={event => (dragged?.kind === 'chapter' ? over(chapter.id, 'chapter')(event) : over(chapter.id, 'lesson')(event))}
          onDragLeave={() => setDropAt(null)}
          onDrop={dropOnChapter(chapter, ci)}
          data-testid="edit-chapter">
          <header className="edit-chapter-head" draggable onDragStart={start({ kind: 'chapter', id: chapter.id })} onDragEnd={end}>
            <span className="grip" title={t.dragHint}>
              <Icon name="grip" />
            </span>
            <span className="chapter-index">{ci + 1}</span>
            {renaming === chapter.id ? (
              <InlineTitle
                label={t.chapterTitle}
                initial={chapter.title}
                onDone={async title => {
                  if (title && title !== chapter.title) await renameChapter(course.id, chapter.id, title)
                  setRenaming(null)
                }}
              />
            ) : (
              <h3 className="edit-chapter-title">{chapter.title}</h3>
            )}
            <span className="row-tools">
              <IconButton
                icon="arrowUp"
                label={t.moveUp}
                of={chapter.title}
                disabled={ci === 0}
                onClick={() => commit(moveChapter(chapters, chapter.id, ci - 1))}
              />
              <IconButton
                icon="arrowDown"
                label={t.moveDown}
                of={chapter.title}
                disabled={ci === chapters.length - 1}
                onClick={() => commit(moveChapter(chapters, chapter.id, ci + 1))}
              />
              <IconButton icon="edit" label={t.rename} of={chapter.title} onClick={() => setRenaming(chapter.id)} />
              <IconButton icon="trash" label={t.delete} of={chapter.title} onClick={() => setConfirm({ kind: 'chapter', chapter })} />
            </span>
          </header>
          <ol className="edit-lessons">
            {chapter.lessons.map((lesson, li) => {
              const first = ci === 0 && li === 0
              const last = ci === chapters.length - 1 && li === chapter.lessons.length - 1
              return (
                <li
                  key={lesson.id}
                  className="edit-lesson"
                  draggable
                  onDragStart={start({ kind: 'lesson', id: lesson.id })}
                  onDragEnd={end}
                  onDragOver={over(lesson.id, 'lesson')}
                  onDrop={dropOnLesson(chapter, lesson)}
                  data-dragging={dragged?.id === lesson.id || undefined}
                  data-drop={dropAt === lesson.id || undefined}
                  data-testid="edit-lesson">
                  <span className="grip" aria-hidden="true">
                    <Icon name="grip" />
                  </span>
                  <a className="edit-lesson-title" href={detailHref(course, { lessonId: lesson.id })}>
                    {lesson.title}
                  </a>
                  <LessonFacts lesson={lesson} />
                  <span className="row-tools">
                    <IconButton
                      icon="arrowUp"
                      label={t.moveUp}
                      of={lesson.title}
                      disabled={first}
                      onClick={() => commit(stepLesson(chapters, lesson.id, -1))}
                    />
                    <IconButton
                      icon="arrowDown"
                      label={t.moveDown}
                      of={lesson.title}
                      disabled={last}
                      onClick={() => commit(stepLesson(chapters, lesson.id, 1))}
                    />
                    <IconButton icon="edit" label={t.edit} of={lesson.title} testId="edit-lesson-button" onClick={() => setEditing(lesson.id)} />
                    <IconButton icon="trash" label={t.delete} of={lesson.title} onClick={() => setConfirm({ kind: 'lesson', lesson })} />
                  </span>
                </li>
              )
            })}
          </ol>
          {adding === chapter.id ? (
            <div className="add-row">
              <InlineTitle
                label={t.lessonTitle}
                initial=""
                onDone={async title => {
                  setAdding(null)
                  if (title) setEditing((await addLesson(course.id, chapter.id, title)).id)
                }}
              />
            </div>
          ) : (
            <button type="button" className="button ghost add-lesson" onClick={() => setAdding(chapter.id)} data-testid="add-lesson">
              <Icon name="plus" /> {t.addLesson}
            </button>
          )}
        </section>
      ))}
      {adding === 'chapter' ? (
        <div className="add-row chapter-add">
          <InlineTitle
            label={t.chapterTitle}
            initial={t.chapterPlaceholder({ index: chapters.length + 1 })}
            onDone={async title => {
              setAdding(null)
              if (title) await addChapter(course.id, title)
            }}
          />
        </div>
      ) : (
        <button type="button" className="button add-chapter" onClick={() => setAdding('chapter')} data-testid="add-chapter">
          <Icon name="plus" /> {t.addChapter}
        </button>
      )}
      {editing ? <LessonEditor courseId={course.id} lessonId={editing} onClose={() => setEditing(null)} /> : null}
      {confirm ? (
        <ConfirmDialog
          heading={t.delete}
          message={
            confirm.kind === 'chapter'
              ? t.deleteChapterConfirm({ title: confirm.chapter.title, count: confirm.chapter.lessons.length })
              : t.deleteLessonConfirm({ title: confirm.lesson.title })
          }
          confirmLabel={t.delete}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </div>
  )
}

/** A title typed in place: Enter saves, Escape or an empty value cancels. */
function InlineTitle({ label, initial, onDone }: { label: string; initial: string; onDone: (title: string) => void | Promise<void> }) {
  const [value, setValue] = useState(initial)
  const [busy, setBusy] = useState(false)
  // Enter and the blur that follows it must not save twice.
  const finished = useRef(false)
  const finish = async (title: string) => {
    if (finished.current) return
    finished.current = true
    setBusy(true)
    await onDone(title)
  }
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    void finish(value.trim())
  }
  return (
    <form className="inline-title" onSubmit={submit}>
      <input
        className="input"
        aria-label={label}
        placeholder={label}
        autoFocus
        maxLength={100}
        value={value}
        disabled={busy}
        onChange={e => setValue(e.target.value)}
        onKeyDown={e => {
          if (e.key === 'Escape') {
            e.preventDefault()
            void finish('')
          }
        }}
        onBlur={() => submit()}
      />
    </form>
  )
}

export const outlineEditorCss = `
.editor { display: flex; flex-direction: column; gap: 12px; }
.editor-hint { margin: 0; font-size: 13px; }
.edit-chapter { background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 10px 10px 6px; transition: border-color 120ms, box-shadow 120ms; }
.edit-chapter[data-drop] { border-color: var(--_primary); box-shadow: 0 0 0 3px var(--_primary-soft); }
.edit-chapter[data-dragging], .edit-lesson[data-dragging] { opacity: 0.45; }
.edit-chapter-head { display: flex; align-items: center; gap: 8px; padding: 2px 2px 8px; cursor: grab; }
.edit-chapter-title { margin: 0; flex: 1; min-width: 0; font-size: 15px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.grip { display: inline-grid; place-items: center; color: var(--_text-muted); cursor: grab; }
.grip .icon { stroke-width: 3.2; }
.row-tools { display: inline-flex; gap: 2px; flex: none; }
.row-tools .icon { width: 16px; height: 16px; }
.edit-lessons { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.edit-lesson { display: flex; align-items: center; gap: 8px; padding: 6px 6px 6px 8px; border-radius: var(--_radius-small); background: var(--_bg-subtle);
  border: 1px solid transparent; cursor: grab; }
.edit-lesson[data-drop] { border-color: var(--_primary); border-top-width: 3px; }
.edit-lesson-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.edit-lesson-title:hover { color: var(--_primary-strong); }
.add-lesson { margin-top: 4px; color: var(--_primary-strong); }
.add-chapter { align-self: flex-start; }
.add-row { padding: 6px 0; }
.inline-title { flex: 1; min-width: 0; }
@media (max-width: 640px) {
  .edit-lesson .lesson-facts { display: none; }
  .row-tools .icon-button { width: 30px; height: 30px; }
}
`

OutlineEditor.styles = styles(outlineEditorCss)
