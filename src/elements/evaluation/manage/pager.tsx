import { useStore } from '@nanostores/react'
import { $evaluationMessages } from '../../../i18n'

/** Previous / page n of m / next, for the area's paged lists (the bank, who has not handed in); nothing for one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useStore($evaluationMessages)
  if (pages <= 1) return null
  return (
    <nav className="pager" data-testid="pager">
      <button type="button" disabled={page <= 1} data-testid="page-prev" onClick={() => onPage(page - 1)}>
        {t.pagePrev}
      </button>
      <span>{t.pageOf({ page, pages })}</span>
      <button type="button" disabled={page >= pages} data-testid="page-next" onClick={() => onPage(page + 1)}>
        {t.pageNext}
      </button>
    </nav>
  )
}
