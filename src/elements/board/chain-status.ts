import type { ChainReport } from '../../api/board'
import type { $boardMessages } from '../../i18n'

type BoardWords = ReturnType<typeof $boardMessages.get>

/** What the record chain check says, for the board and the records page ('' before an answer). */
export function chainText(t: BoardWords, status: string, report: ChainReport | undefined): string {
  if (status === 'loading') return t.checking
  if (!report) return ''
  return report.intact ? t.chainIntact({ count: report.checked }) : t.chainBroken({ seq: report.brokenAt ?? 0 })
}

export const chainClass = (report: ChainReport | undefined) => (report && !report.intact ? 'chain broken' : 'chain')
