import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { downloadXlsx } from '../../../api/evaluation'
import { serverMessage } from '../../../api/errors'
import { $courseEvaluationMessages } from '../../../i18n'
import { showToast } from '../../../stores/toasts'

/** The ranking as XLSX (GET /course/course-evaluation/export), with the session's token; a failure says so. */
export function RankingExport() {
  const t = useStore($courseEvaluationMessages)
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await downloadXlsx({ kind: 'ranking' }, t.rankingTitle)
    } catch (error) {
      showToast('error', serverMessage(error) ?? t.exportFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" disabled={busy} data-testid="export-ranking" onClick={() => void run()}>
      {busy ? t.exporting : t.exportXlsx}
    </button>
  )
}
