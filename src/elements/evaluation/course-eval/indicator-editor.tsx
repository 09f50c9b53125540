import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fetchIndicators, saveIndicators, type Indicator } from '../../../api/evaluation'
import { $courseEvaluationMessages } from '../../../i18n'
import { LoadGate, useLoadable } from '../../shared/load'

/**
 * The school's indicator system: name, weight and level descriptions per
 * indicator (the five usual ones on first use). The weights' sum is shown
 * as it is typed and must be 100 before saving; removing an indicator warns
 * that its scores go with it (the server deletes them).
 */
export function IndicatorEditor() {
  const t = useStore($courseEvaluationMessages)
  const [state, store] = useLoadable(signal => fetchIndicators({ signal, quiet: true }), [])
  return (
    <section className="ce" data-testid="indicator-editor">
      <div className="ce-head">
        <div>
          <h2>{t.indicatorsTitle}</h2>
          <span className="ce-muted">{t.indicatorsHint}</span>
        </div>
      </div>
      <LoadGate state={state} what={t.indicatorsWhat} onRetry={() => void store.retry()} skeleton="rows">
        {saved => <IndicatorForm saved={saved} onSaved={list => store.put(list)} />}
      </LoadGate>
    </section>
  )
}

interface Row {
  key: string
  id?: string
  name: string
  weight: string
  levels: string
}

let nextKey = 0
const toRows = (list: Indicator[]): Row[] => list.map(i => ({ key: i.id, id: i.id, name: i.name, weight: String(i.weight), levels: i.levels.join('\n') }))
const levelsOf = (text: string) =>
  text
    .split('\n')
    .map(l => l.trim())
    .filter(Boolean)

function IndicatorForm({ saved, onSaved }: { saved: Indicator[]; onSaved: (list: Indicator[]) => void }) {
  const t = useStore($courseEvaluationMessages)
  const [rows, setRows] = useState(() => toRows(saved))
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')
  const [tried, setTried] = useState(false)
  const sum = Math.round(rows.reduce((n, r) => n + (Number(r.weight) || 0), 0) * 100) / 100
  const names = rows.map(r => r.name.trim())
  const problem = names.some(n => !n)
    ? t.problemName
    : new Set(names).size !== names.length
      ? t.problemDuplicate
      : sum !== 100 || rows.some(r => !(Number(r.weight) >= 0))
        ? t.problemWeight({ sum })
        : ''
  const removed = saved.some(i => !rows.some(r => r.id === i.id))

  const change = (key: string, patch: Partial<Row>) => {
    setStatus('idle')
    setRows(list => list.map(r => (r.key === key ? { ...r, ...patch } : r)))
  }
  const save = async () => {
    setTried(true)
    if (problem) return
    setStatus('saving')
    try {
      const list = await saveIndicators(
        rows.map(r => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim(), weight: Number(r.weight), levels: levelsOf(r.levels) })),
      )
      // New indicators now have ids: the next save updates them rather than adding them again.
      setRows(toRows(list))
      setStatus('saved')
      setTried(false)
      onSaved(list)
    } catch {
      setStatus('failed')
    }
  }

  return (
    <>
      <ol className="ce-list">
        {rows.map(r => (
          <li key={r.key} className="ce-card" data-testid="indicator-row">
            <div className="ce-row">
              <label className="ce-field grow">
                <span>{t.indicatorName}</span>
                <input value={r.name} maxLength={50} data-testid="indicator-name" onChange={e => change(r.key, { name: e.currentTarget.value })} />
              </label>
              <label className="ce-field">
                <span>{t.weight}</span>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  className="ce-num"
                  value={r.weight}
                  data-testid="indicator-weight"
                  onChange={e => change(r.key, { weight: e.currentTarget.value })}
                />
              </label>
              <button
                type="button"
                className="link"
                aria-label={t.removeIndicator({ name: r.name })}
                disabled={rows.length === 1}
                data-testid="remove-indicator"
                onClick={() => setRows(list => list.filter(x => x.key !== r.key))}>
                ✕
              </button>
            </div>
            <label className="ce-field">
              <span>{t.levels}</span>
              <textarea rows={3} value={r.levels} data-testid="indicator-levels" onChange={e => change(r.key, { levels: e.currentTarget.value })} />
            </label>
          </li>
        ))}
      </ol>
      <div className="ce-foot">
        <button
          type="button"
          data-testid="add-indicator"
          disabled={rows.length >= 20}
          onClick={() => setRows(list => [...list, { key: `new-${nextKey++}`, name: '', weight: '0', levels: '' }])}>
          {t.addIndicator}
        </button>
        <span className="ce-sum grow" data-wrong={sum !== 100 ? true : undefined} data-testid="weight-sum">
          {t.weightSum({ sum })}
        </span>
        {removed ? <p className="ce-warn">{t.removedWarning}</p> : null}
        {tried && problem ? (
          <p className="ce-problem" role="alert" data-testid="indicator-problem">
            {problem}
          </p>
        ) : null}
        <span className="ce-muted" role="status">
          {status === 'saving' ? t.saving : status === 'saved' ? t.saved : status === 'failed' ? t.saveFailed : ''}
        </span>
        <button
          type="button"
          onClick={() => {
            setRows(toRows(saved))
            setStatus('idle')
            setTried(false)
          }}>
          {t.undo}
        </button>
        <button type="button" className="primary" disabled={status === 'saving'} data-testid="save-indicators" onClick={() => void save()}>
          {t.saveIndicators}
        </button>
      </div>
    </>
  )
}
