import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { uploadFile } from '../../api/files'
import { downloadRosterTemplate, importRoster, type RosterOutcome } from '../../api/admin'
import { errorMessage } from '../shared/error-message'
import { $adminMessages, $common, $locale } from '../../i18n'
import { formatList } from '../shared/format'
import { FormError } from '../shared/ui'

/**
 * Roster import from an Excel or CSV file, with the rules of
 * `npm run users -- import`: every row checked first, the bad rows named,
 * nothing written unless all are good.
 */
export function RosterImport({ onImported }: { onImported: () => void }) {
  const t = useStore($adminMessages)
  const locale = useStore($locale)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<RosterOutcome | null>(null)
  const [error, setError] = useState('')

  async function pick(file: File | undefined) {
    if (!file) return
    setBusy(true)
    setOutcome(null)
    setError('')
    try {
      const uploaded = await uploadFile(file)
      const result = await importRoster(uploaded.id)
      setOutcome(result)
      if (result.ok) onImported()
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="roster-import">
      <h3>{t.importTitle}</h3>
      <p className="muted">{t.importIntro}</p>
      <div className="row">
        <button type="button" className="button" onClick={() => void downloadRosterTemplate('xlsx')}>
          {t.templateXlsx}
        </button>
        <button type="button" className="button" onClick={() => void downloadRosterTemplate('csv')}>
          {t.templateCsv}
        </button>
        <label className="button primary">
          {busy ? t.importing : t.chooseFile}
          <input
            type="file"
            accept=".xlsx,.csv"
            className="visually-hidden"
            disabled={busy}
            data-testid="roster-file"
            onChange={e => {
              void pick(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </label>
      </div>
      <FormError message={error} />
      {outcome && !outcome.ok ? (
        <div role="alert" data-testid="roster-problems">
          <p className="error">{t.importProblems({ count: outcome.problems.length })}</p>
          <ul className="problems">
            {outcome.problems.map(p => (
              <li key={`${p.line}:${p.reason}`} data-line={p.line}>
                {t.importProblem({ line: p.line, reason: p.reason })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome?.ok ? (
        <p className="ok" role="status" data-testid="roster-imported">
          {t.imported({ count: outcome.created })}
          {outcome.classesCreated.length ? ` · ${t.classesCreated({ names: formatList(outcome.classesCreated, locale) })}` : ''}
        </p>
      ) : null}
    </section>
  )
}
