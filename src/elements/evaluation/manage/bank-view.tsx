import { useStore } from '@nanostores/react'
import { useState } from 'react'
import {
  addToBank,
  deleteBankQuestions,
  BANK_FORMATS,
  type BankFormat,
  downloadXlsx,
  listBank,
  updateBankQuestion,
  type BankQuestion,
  type Question,
  type QuestionType,
  type XlsxExport,
} from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { showToast } from '../../../stores/toasts'
import { LoadGate, useLoadable } from '../../shared/load'
import { Select } from '../../shared/select'
import { ConfirmDialog } from '../../shared/ui'
import { TYPE_WORDS } from '../../shared/course-eval/words'
import { BankImport } from './bank-import'
import { Pager } from './pager'
import { BankQuestionForm } from './bank-question-form'
import { blankQuestion, QUESTION_TYPES, questionProblem } from './question-editor'
import { questionBody } from './question-body'
import { QuestionPreview } from './question-preview'
import { QuestionWriter } from './question-writer'
import { usePhrasing } from '../../shared/use-phrasing'

/**
 * The course's question bank (`view=bank`, and `bank-import` / `bank-write`
 * for its two panels, so Reload returns to them): filters (type, difficulty,
 * knowledge point, keyword), pages of 20, add and edit through the question
 * form, delete after a confirmation, import, AI writing, template and export.
 */
export type BankPanel = 'list' | 'import' | 'write'

/** The formats for other systems, beside the Excel export (the bank's own). */
const FORMAT_WORDS = { moodle: 'formatMoodle', gift: 'formatGift', aiken: 'formatAiken' } as const
const OTHER_FORMATS = BANK_FORMATS.filter((format): format is keyof typeof FORMAT_WORDS => format !== 'xlsx')

const PAGE_SIZE = 20

interface Filter {
  type: QuestionType | ''
  difficulty: string
  tag: string
  keyword: string
}

const NO_FILTER: Filter = { type: '', difficulty: '', tag: '', keyword: '' }

export function BankView({ courseId, panel, onPanel }: { courseId: string; panel: BankPanel; onPanel: (panel: BankPanel) => void }) {
  const t = useStore($evaluationMessages)
  const [filter, setFilter] = useState<Filter>(NO_FILTER)
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const [adding, setAdding] = useState<Question | null>(null)
  const [state, store] = useLoadable(
    signal =>
      listBank(
        {
          courseId,
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.difficulty ? { difficulty: Number(filter.difficulty) } : {}),
          ...(filter.tag ? { tag: filter.tag } : {}),
          ...(filter.keyword ? { keyword: filter.keyword } : {}),
          page,
          pageSize: PAGE_SIZE,
        },
        { signal, quiet: true },
      ),
    [courseId, filter, page],
    { keep: true },
  )
  const refine = (patch: Partial<Filter>) => {
    setFilter(f => ({ ...f, ...patch }))
    setPage(1)
  }
  const reload = () => void store.retry()
  const download = (target: XlsxExport, name: string) => downloadXlsx(target, name).catch(() => showToast('error', t.downloadFailed))

  if (panel === 'import') return <BankImport courseId={courseId} onDone={() => (onPanel('list'), reload())} />
  if (panel === 'write') return <QuestionWriter courseId={courseId} onBack={() => (onPanel('list'), reload())} />

  const tags = state.data?.tags ?? []
  const filtered = filter.type || filter.difficulty || filter.tag || filter.keyword
  return (
    <section className="manage-section bank" data-testid="bank">
      <div className="section-head">
        <h2>{t.bankWhat}</h2>
        <div className="row-actions">
          <button type="button" className="primary" data-testid="bank-add" onClick={() => setAdding(blankQuestion('single'))}>
            {t.newQuestion}
          </button>
          <button type="button" data-testid="bank-write" onClick={() => onPanel('write')}>
            {t.writeWithAi}
          </button>
          <button type="button" data-testid="bank-import" onClick={() => onPanel('import')}>
            {t.importQuestions}
          </button>
          <button type="button" data-testid="bank-template" onClick={() => void download({ kind: 'template' }, t.downloadTemplate)}>
            {t.downloadTemplate}
          </button>
          <button type="button" data-testid="bank-export" onClick={() => void download({ kind: 'bank', courseId }, t.bankWhat)}>
            {t.exportBank}
          </button>
          <Select
            small
            aria-label={t.exportAs}
            value=""
            data-testid="bank-export-format"
            none={t.exportAs}
            options={OTHER_FORMATS.map(format => ({ value: format, label: t[FORMAT_WORDS[format]] }))}
            onChange={e => {
              const format = e.currentTarget.value as BankFormat
              if (format) void download({ kind: 'bank', courseId, format }, t.bankWhat)
            }}
          />
        </div>
      </div>

      <form
        className="bank-filters"
        role="search"
        onSubmit={e => {
          e.preventDefault()
          refine({ keyword: keyword.trim() })
        }}>
        {(
          [
            ['type', t.questionType, t.anyType, QUESTION_TYPES.map(type => ({ value: type, label: t[TYPE_WORDS[type]] }))],
            ['difficulty', t.difficulty, t.anyDifficulty, [1, 2, 3, 4, 5].map(n => ({ value: n, label: t.difficultyN({ n }) }))],
            ['tag', t.knowledgePoint, t.anyKnowledgePoint, tags.map(tag => ({ value: tag, label: tag }))],
          ] as const
        ).map(([key, label, any, options]) => (
          <Select
            key={key}
            small
            aria-label={label}
            value={filter[key]}
            data-testid={`filter-${key}`}
            onChange={e => refine({ [key]: e.currentTarget.value })}
            none={any}
            options={options}
          />
        ))}
        <input
          type="search"
          className="grow"
          aria-label={t.keywordPlaceholder}
          placeholder={t.keywordPlaceholder}
          value={keyword}
          data-testid="filter-keyword"
          onChange={e => setKeyword(e.currentTarget.value)}
        />
        <button type="submit" data-testid="filter-search">
          {t.search}
        </button>
      </form>

      {adding ? (
        <QuestionEdit
          question={adding}
          save={q => addToBank(courseId, [q])}
          onDone={saved => {
            setAdding(null)
            if (saved) reload()
          }}
        />
      ) : null}

      <LoadGate state={state} what={t.bankWhat} onRetry={reload} skeleton="rows">
        {data =>
          data.items.length === 0 ? (
            <zx-empty-state message={filtered ? t.bankNoMatch : t.bankEmpty} data-testid="bank-empty" />
          ) : (
            <>
              <p className="hint" data-testid="bank-total" aria-live="polite">
                {t.bankTotal({ total: data.total })}
              </p>
              <ul className="manage-list" aria-busy={state.status === 'loading' || undefined}>
                {data.items.map(q => (
                  <BankRow key={q.id} question={q} courseId={courseId} onChanged={reload} />
                ))}
              </ul>
              <Pager page={page} pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} onPage={setPage} />
            </>
          )
        }
      </LoadGate>
    </section>
  )
}

function BankRow({ question: q, courseId, onChanged }: { question: BankQuestion; courseId: string; onChanged: () => void }) {
  const t = useStore($evaluationMessages)
  const say = usePhrasing()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setBusy(true)
    try {
      await deleteBankQuestions(courseId, [q.id])
      showToast('success', t.questionDeleted)
      setConfirming(false)
      onChanged()
    } catch {
      // request() showed why; the question stays
    } finally {
      setBusy(false)
    }
  }
  if (editing) {
    return (
      <li className="manage-row editing" data-testid="bank-row">
        <QuestionEdit
          question={q}
          save={next => updateBankQuestion(q.id, next)}
          onDone={saved => {
            setEditing(false)
            if (saved) onChanged()
          }}
        />
      </li>
    )
  }
  return (
    <li className="manage-row bank-row" data-testid="bank-row" data-type={q.type}>
      <div className="row-main">
        <span className="row-meta">
          <span className="chip">{t[TYPE_WORDS[q.type]]}</span> {t.difficultyN({ n: q.difficulty })} · {t.points({ points: q.points })}
          {q.tags.length ? ` · ${say.list(q.tags)}` : ''}
        </span>
        <QuestionPreview question={q} answerTestId="bank-answer" />
        {q.source ? <span className="row-meta">{t.fromSource({ title: q.source.title })}</span> : null}
      </div>
      <div className="row-actions">
        <button type="button" data-testid="bank-edit" onClick={() => setEditing(true)}>
          {t.edit}
        </button>
        <button type="button" data-testid="bank-delete" onClick={() => setConfirming(true)}>
          {t.delete}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          heading={t.deleteQuestionTitle}
          message={t.deleteQuestionConfirm({ stem: q.stem.length > 40 ? `${q.stem.slice(0, 40)}…` : q.stem })}
          confirmLabel={t.delete}
          onConfirm={() => void (busy || remove())}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  )
}

/** The form around one question with Save and Cancel; `save` is the call (add or update). */
function QuestionEdit({ question, save, onDone }: { question: Question; save: (q: Question) => Promise<unknown>; onDone: (saved: boolean) => void }) {
  const t = useStore($evaluationMessages)
  const [draft, setDraft] = useState<Question>(question)
  const [busy, setBusy] = useState(false)
  const problem = questionProblem(draft)
  const submit = async () => {
    if (problem) return
    setBusy(true)
    try {
      await save(questionBody(draft))
      showToast('success', t.questionSaved)
      onDone(true)
    } catch {
      setBusy(false) // request() showed the server's reason; the form stays as typed
    }
  }
  return (
    <form className="question-edit" data-testid="question-edit" onSubmit={e => (e.preventDefault(), void submit())}>
      <h3>{'id' in question ? t.editQuestion : t.newQuestion}</h3>
      <BankQuestionForm question={draft} onChange={setDraft} />
      <div className="builder-actions">
        <button type="button" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
        <button type="submit" className="primary" disabled={busy || !!problem} data-testid="bank-save">
          {t.save}
        </button>
      </div>
    </form>
  )
}
