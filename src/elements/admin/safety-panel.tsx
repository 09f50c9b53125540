import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { uploadFile } from '../../api/files'
import {
  addSafetyWords,
  allowPhrases,
  deleteAllowed,
  deleteSafetyWord,
  exportSafetyWords,
  importSafetyWords,
  listAllowed,
  listSafetyWords,
  type SafetyAction,
  type SafetyCategory,
} from '../../api/safety'
import { errorMessage } from '../shared/error-message'
import { $common, $safetyMessages } from '../../i18n'
import { Select } from '../shared/select'
import { FormError, TablePanel } from '../shared/ui'
import { SafetyEvents } from './safety-events'
import { SafetySettingsCard } from './safety-settings'
import { categoryLabel, categoryOptions } from './safety-words'
import { useLoadable } from '../shared/load/use-loadable'
import { mapLoadState } from '../../stores/loadable'

/** A school's list may hold tens of thousands of words: the newest are shown, the whole list is in the export. */
const SHOWN_WORDS = 500

/** Content safety in school administration: words, allowlist, settings and the event list. */
export function SafetyPanel() {
  const t = useStore($safetyMessages)
  const [words, wordsStore] = useLoadable(() => listSafetyWords(), [], { keep: true })
  const reloadWords = () => void wordsStore.load()
  const [allowed, allowedStore] = useLoadable(() => listAllowed(), [], { keep: true })
  const reloadAllowed = () => void allowedStore.load()
  const [word, setWord] = useState('')
  const [category, setCategory] = useState<SafetyCategory>('custom')
  const [action, setAction] = useState<SafetyAction>('block')
  const [phrase, setPhrase] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState('')

  async function run(action: () => Promise<unknown>, reload: () => void) {
    setError('')
    setNote('')
    try {
      await action()
      reload()
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  async function importFile(file: File | undefined) {
    if (!file) return
    await run(async () => {
      const uploaded = await uploadFile(file, { quiet: true })
      const { added } = await importSafetyWords(uploaded.id, category)
      setNote(`${t.importDone} ${added}`)
    }, reloadWords)
  }

  return (
    <div className="panel" data-testid="admin-safety">
      <section className="card" aria-labelledby="safety-words">
        <h3 id="safety-words">{t.wordsTitle}</h3>
        <p className="muted">{t.wordsHint}</p>
        <FormError message={error} />
        {note ? (
          <p className="ok" role="status" data-testid="safety-note">
            {note}
          </p>
        ) : null}
        <div className="toolbar">
          <input className="input" aria-label={t.word} placeholder={t.word} value={word} onChange={e => setWord(e.target.value)} data-testid="safety-word" />
          <Select aria-label={t.category} value={category} onChange={e => setCategory(e.target.value as SafetyCategory)} options={categoryOptions(t)} />
          <Select
            aria-label={t.action}
            value={action}
            onChange={e => setAction(e.target.value as SafetyAction)}
            options={[
              { value: 'block', label: t.actionBlock },
              { value: 'review', label: t.actionReview },
            ]}
          />
          <button
            type="button"
            className="button primary"
            disabled={!word.trim()}
            data-testid="safety-add-word"
            onClick={() => void run(() => addSafetyWords([{ word: word.trim(), category, action }]).then(() => setWord('')), reloadWords)}>
            {t.add}
          </button>
        </div>
        <div className="toolbar">
          <label className="button">
            {t.importFile}
            <input type="file" accept=".txt,.xlsx" hidden data-testid="safety-import" onChange={e => void importFile(e.target.files?.[0])} />
          </label>
          <button
            type="button"
            className="button"
            onClick={() =>
              void run(
                () => exportSafetyWords(t.wordsFile),
                () => {},
              )
            }>
            {t.exportWords}
          </button>
        </div>
        <p className="muted">{t.importHint}</p>
        <TablePanel
          testId="safety-words"
          state={mapLoadState(words, data => data.slice(0, SHOWN_WORDS))}
          what={t.wordsTitle}
          onRetry={reloadWords}
          stacked
          columns={[{ label: t.word }, { label: t.category }, { label: t.action }, { label: t.remove }]}
          row={w => (
            <tr key={w.id}>
              <td className="wide" data-label={t.word}>
                {w.word} {w.builtin ? <span className="badge">{t.builtin}</span> : null}
              </td>
              <td data-label={t.category}>{categoryLabel(t, w.category)}</td>
              <td data-label={t.action}>{w.action === 'block' ? t.actionBlock : t.actionReview}</td>
              <td className="wide actions-cell">
                <button
                  type="button"
                  className="button small"
                  aria-label={`${t.remove} ${w.word}`}
                  onClick={() => void run(() => deleteSafetyWord(w.id), reloadWords)}>
                  {t.remove}
                </button>
              </td>
            </tr>
          )}
        />
      </section>

      <section className="card" aria-labelledby="safety-allow">
        <h3 id="safety-allow">{t.allowTitle}</h3>
        <p className="muted">{t.allowHint}</p>
        <div className="toolbar">
          <input
            className="input"
            aria-label={t.phrase}
            placeholder={t.phrase}
            value={phrase}
            onChange={e => setPhrase(e.target.value)}
            data-testid="safety-phrase"
          />
          <button
            type="button"
            className="button primary"
            disabled={!phrase.trim()}
            onClick={() => void run(() => allowPhrases([phrase.trim()]).then(() => setPhrase('')), reloadAllowed)}>
            {t.add}
          </button>
        </div>
        <TablePanel
          testId="safety-allowed"
          state={allowed}
          what={t.allowTitle}
          onRetry={reloadAllowed}
          stacked
          columns={[{ label: t.phrase }, { label: t.remove }]}
          row={a => (
            <tr key={a.id}>
              <td className="wide" data-label={t.phrase}>
                {a.phrase}
              </td>
              <td className="wide actions-cell">
                <button
                  type="button"
                  className="button small"
                  aria-label={`${t.remove} ${a.phrase}`}
                  onClick={() => void run(() => deleteAllowed(a.id), reloadAllowed)}>
                  {t.remove}
                </button>
              </td>
            </tr>
          )}
        />
      </section>

      <SafetySettingsCard />
      <SafetyEvents onAllowed={reloadAllowed} />
    </div>
  )
}
