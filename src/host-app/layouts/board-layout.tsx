import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { $shellMessages } from '../../i18n'
import { Icon } from '../icons'

/** SPEC §2 board layout: a back link to the data board above the child route. */
export function BoardLayout({ children }: { children: ReactNode }) {
  const t = useStore($shellMessages)
  return (
    <div className="zx-board" data-layout="board">
      <header className="zx-board-header">
        <a className="zx-back-link" href="/course/dataBoard" data-testid="board-back">
          <Icon name="arrowBack" />
          {t.backToBoard}
        </a>
      </header>
      <main className="zx-content" id="zx-content">
        <div className="zx-page">{children}</div>
      </main>
    </div>
  )
}
