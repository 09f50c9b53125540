import { useStore } from '@nanostores/react'
import { useState } from 'react'
import {
  addDictionaryEntry,
  deleteAdminClass,
  deleteDictionaryEntry,
  listAdminClasses,
  listDictionary,
  saveAdminClass,
  type SchoolDictionary,
} from '../../api/admin'
import { errorMessage } from '../shared/error-message'
import { $adminMessages, $common } from '../../i18n'
import { TablePanel, FormError } from '../shared/ui'
import { Select } from '../shared/select'
import { useLoadable } from '../shared/load/use-loadable'

/** Classes with their major and term; the majors and terms themselves. */
export function ClassesPanel() {
  const t = useStore($adminMessages)
  const [classes, classesStore] = useLoadable(() => listAdminClasses(), [], { keep: true })
  const reloadClasses = () => void classesStore.load()
  const [majors, majorsStore] = useLoadable(() => listDictionary('major'), [], { keep: true })
  const [terms, termsStore] = useLoadable(() => listDictionary('term'), [], { keep: true })
  const [name, setName] = useState('')
  const [error, setError] = useState('')
  const reloadAll = () => void Promise.all([classesStore.load(), majorsStore.load(), termsStore.load()])

  async function run(action: () => Promise<unknown>) {
    setError('')
    try {
      await action()
      reloadAll()
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  const picker = (dict: SchoolDictionary, value: string, onChange: (v: string) => void) => (
    <Select
      aria-label={dict === 'major' ? t.major : t.term}
      value={value}
      onChange={e => onChange(e.target.value)}
      none={t.none}
      options={((dict === 'major' ? majors : terms).data ?? []).map(d => ({ value: d.value, label: d.label }))}
    />
  )

  return (
    <TablePanel
      testId="admin-classes"
      toolbar={
        <>
          <FormError message={error} />
          <div className="toolbar" part="actions">
            <input className="input" placeholder={t.className} aria-label={t.className} value={name} onChange={e => setName(e.target.value)} />
            <button
              type="button"
              className="button primary"
              disabled={!name.trim()}
              onClick={() => void run(() => saveAdminClass(null, { name }).then(() => setName('')))}>
              {t.newClass}
            </button>
          </div>
        </>
      }
      state={classes}
      what={t.classes}
      onRetry={reloadClasses}
      stacked
      columns={[{ label: t.className }, { label: t.major }, { label: t.term }, { label: t.students }, { label: t.teachers }, { label: t.actions }]}
      row={c => (
        <tr key={c.id}>
          <td className="wide" data-label={t.className}>
            {c.name}
          </td>
          <td data-label={t.major}>{picker('major', c.major, major => void run(() => saveAdminClass(c.id, { major })))}</td>
          <td data-label={t.term}>{picker('term', c.term, term => void run(() => saveAdminClass(c.id, { term })))}</td>
          <td data-label={t.students}>{c.studentCount}</td>
          <td data-label={t.teachers}>{c.teacherCount}</td>
          <td className="wide actions-cell">
            <span className="actions">
              <button
                type="button"
                className="button ghost"
                onClick={() => window.confirm(t.confirmDeleteClass({ name: c.name })) && void run(() => deleteAdminClass(c.id))}>
                {t.delete}
              </button>
            </span>
          </td>
        </tr>
      )}>
      <div className="grid-2">
        <DictionaryCard dict="major" items={majors.data} onChange={action => void run(action)} />
        <DictionaryCard dict="term" items={terms.data} onChange={action => void run(action)} />
      </div>
    </TablePanel>
  )
}

function DictionaryCard({
  dict,
  items,
  onChange,
}: {
  dict: SchoolDictionary
  items: Array<{ value: string; label: string; classCount: number }> | undefined
  onChange: (action: () => Promise<unknown>) => void
}) {
  const t = useStore($adminMessages)
  const [label, setLabel] = useState('')
  const [code, setCode] = useState('')
  return (
    <section className="card" data-testid={`admin-${dict}s`}>
      <h3>{dict === 'major' ? t.majors : t.terms}</h3>
      <ul className="muted">
        {(items ?? []).map(item => (
          <li key={item.value} className="row">
            <span>
              {item.label} {dict === 'term' ? `(${item.value})` : ''} · {item.classCount}
            </span>
            <button
              type="button"
              className="button ghost"
              disabled={item.classCount > 0}
              onClick={() => onChange(() => deleteDictionaryEntry(dict, item.value))}>
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <input className="input" aria-label={dict === 'major' ? t.majors : t.terms} value={label} onChange={e => setLabel(e.target.value)} />
        {dict === 'term' ? (
          <input className="input" aria-label={t.termCode} placeholder={t.termCode} value={code} onChange={e => setCode(e.target.value)} />
        ) : null}
        <button
          type="button"
          className="button"
          disabled={!label.trim()}
          onClick={() =>
            onChange(() => addDictionaryEntry(dict, { label, ...(code.trim() ? { value: code.trim() } : {}) }).then(() => (setLabel(''), setCode(''))))
          }>
          {dict === 'major' ? t.addMajor : t.addTerm}
        </button>
      </div>
    </section>
  )
}
