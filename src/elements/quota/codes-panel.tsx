import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { createCodeBatch, disableCodeBatch, downloadCodeBatch, fetchBatchCodes, fetchCodeBatches, type CodeBatch } from '../../api/quota'
import { $common, $locale, $quotaMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { failureDetail, LoadGate, useLoadable } from '../shared/load'
import { ConfirmDialog, Field, Modal, TablePanel, FormError } from '../shared/ui'
import { credits } from './labels'

/** Redemption code batches: make (codes shown once), download once, who used which, disable. */
export function CodesPanel() {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const locale = useStore($locale)
  const [state, store] = useLoadable(signal => fetchCodeBatches({ signal }), [])
  const [count, setCount] = useState('10')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [expires, setExpires] = useState('')
  const [error, setError] = useState('')
  const [made, setMade] = useState<{ batchId: string; codes: string[] } | null>(null)
  const [viewing, setViewing] = useState<CodeBatch | null>(null)
  const [disabling, setDisabling] = useState<CodeBatch | null>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    const n = Number(count)
    const value = Number(amount)
    if (!Number.isInteger(n) || n < 1 || !Number.isFinite(value) || value <= 0) return setError(t.invalidNumber)
    setError('')
    try {
      // The date picked is the last day the codes work (China time, end of that day).
      const expiresAt = expires ? Date.parse(`${expires}T23:59:59+08:00`) : null
      setMade(await createCodeBatch({ count: n, credits: value, note: note.trim() || undefined, expiresAt }))
      void store.load()
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  async function download(id: string, format: 'csv' | 'xlsx') {
    try {
      await downloadCodeBatch(id, format)
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
    void store.load()
  }

  async function disable() {
    if (!disabling) return
    const batch = disabling
    setDisabling(null)
    try {
      store.put(await disableCodeBatch(batch.id))
    } catch {
      /* shown */
    }
  }

  const state_ = (b: CodeBatch) => (b.disabled ? t.disabled : b.expiresAt !== null && b.expiresAt < Date.now() ? t.expired : null)
  return (
    <TablePanel
      testId="quota-codes"
      toolbar={
        <>
          <form className="card" part="actions" onSubmit={create} noValidate data-testid="batch-form">
            <h3>{t.newBatch}</h3>
            <div className="form-row">
              <Field label={t.count}>
                <input className="input" inputMode="numeric" value={count} onChange={e => setCount(e.target.value)} data-testid="batch-count" />
              </Field>
              <Field label={t.creditsEach}>
                <input className="input" inputMode="decimal" value={amount} onChange={e => setAmount(e.target.value)} data-testid="batch-credits" />
              </Field>
              <Field label={t.expiresOn}>
                <input className="input" type="date" value={expires} onChange={e => setExpires(e.target.value)} />
              </Field>
              <Field label={t.note}>
                <input className="input" value={note} maxLength={200} onChange={e => setNote(e.target.value)} data-testid="batch-note" />
              </Field>
              <button type="submit" className="button primary" data-testid="batch-create">
                {t.newBatch}
              </button>
            </div>
            <FormError message={error} />
            {made ? (
              <div className="made" data-testid="batch-made">
                <p className="ok">{t.generated({ count: made.codes.length })}</p>
                <pre className="secret" data-testid="batch-codes">
                  {made.codes.join('\n')}
                </pre>
                <span className="row">
                  <button type="button" className="button" onClick={() => void download(made.batchId, 'csv')} data-testid="batch-download-csv">
                    {t.downloadCsv}
                  </button>
                  <button type="button" className="button" onClick={() => void download(made.batchId, 'xlsx')} data-testid="batch-download-xlsx">
                    {t.downloadXlsx}
                  </button>
                  <span className="muted">{t.downloadOnce}</span>
                </span>
              </div>
            ) : null}
          </form>
        </>
      }
      state={state}
      what={t.batches}
      onRetry={() => void store.retry()}
      empty={t.batchesEmpty}
      columns={[
        { label: t.note },
        { label: t.creditsEach },
        { label: t.usedColumn },
        { label: t.expires, optional: true },
        { label: t.time, optional: true },
        { label: t.actions },
      ]}
      row={b => (
        <tr key={b.id} data-testid="batch-row" data-note={b.note}>
          <td>
            {b.note || '—'} {state_(b) ? <span className="badge">{state_(b)}</span> : null}
          </td>
          <td>{credits(b.credits, locale)}</td>
          <td data-testid="batch-used">{t.usedOf({ used: b.used, count: b.count })}</td>
          <td className="optional">{b.expiresAt === null ? t.never : formatDate(b.expiresAt, locale)}</td>
          <td className="optional">{formatDate(b.createdAt, locale)}</td>
          <td className="actions">
            <button type="button" className="button ghost" onClick={() => setViewing(b)} data-testid="batch-view">
              {t.view}
            </button>
            {b.downloadable ? (
              <>
                <button type="button" className="button ghost" onClick={() => void download(b.id, 'csv')}>
                  {t.downloadCsv}
                </button>
                <button type="button" className="button ghost" onClick={() => void download(b.id, 'xlsx')}>
                  {t.downloadXlsx}
                </button>
              </>
            ) : null}
            {b.disabled ? null : (
              <button type="button" className="button ghost" onClick={() => setDisabling(b)} data-testid="batch-disable">
                {t.disable}
              </button>
            )}
          </td>
        </tr>
      )}>
      {viewing ? <BatchCodes batch={viewing} onClose={() => setViewing(null)} /> : null}
      {disabling ? (
        <ConfirmDialog
          heading={t.disable}
          message={t.disableConfirm}
          confirmLabel={t.disable}
          onConfirm={() => void disable()}
          onCancel={() => setDisabling(null)}
        />
      ) : null}
    </TablePanel>
  )
}

/** Which codes of a batch were used, by whom and when (codes are shown by their last four characters only). */
function BatchCodes({ batch, onClose }: { batch: CodeBatch; onClose: () => void }) {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [state, store] = useLoadable(signal => fetchBatchCodes(batch.id, { signal }), [batch.id])
  return (
    <Modal heading={`${t.view} · ${batch.note || batch.id}`} onClose={onClose} testId="batch-codes-dialog" wide>
      <LoadGate state={state} what={t.view} onRetry={() => void store.retry()}>
        {codes => (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t.codeEnding}</th>
                  <th>{t.redeemedBy}</th>
                  <th>{t.time}</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((c, i) => (
                  <tr key={i} data-testid="batch-code" data-used={c.redeemedBy ? 'true' : undefined}>
                    <td className="mono">…{c.hint}</td>
                    <td>{c.redeemedBy ? c.redeemedByName || c.redeemedBy : <span className="muted">{t.unused}</span>}</td>
                    <td>{c.redeemedAt ? formatDate(c.redeemedAt, locale) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadGate>
    </Modal>
  )
}
