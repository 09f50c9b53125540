import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { deleteMindMap } from '../../api/mindmaps'
import { $mindmapsMessages } from '../../i18n'
import { $myMindMaps } from '../../stores/mindmaps'
import { LoadGate } from '../shared/load'

export interface MapListProps {
  /** The map open in the editor (shown in bold). */
  currentId: string | undefined
  onOpen: (id: string) => void
  /** An empty editor, for a new map. */
  onNew: () => void
  /** A map was deleted (the editor forgets it when it was the open one). */
  onDeleted: (id: string) => void
}

/** "My mind maps": the saved maps beside the editor, to open or delete, and the New button. */
export function MapList({ currentId, onOpen, onNew, onDeleted }: MapListProps) {
  const t = useStore($mindmapsMessages)
  const list = useStore($myMindMaps)
  useEffect(() => void $myMindMaps.load(), [])
  return (
    <aside className="mm-list" aria-label={t.myMaps} part="list">
      <div className="mm-list-head">
        <h2>{t.myMaps}</h2>
        <button type="button" className="button" onClick={onNew}>
          {t.newMap}
        </button>
      </div>
      <LoadGate state={list} what={t.myMaps} onRetry={() => void $myMindMaps.retry()} count={3}>
        {items =>
          items.length ? (
            <ul>
              {items.map(item => (
                <li key={item.id} className={item.id === currentId ? 'current' : ''}>
                  <button type="button" className="mm-link" onClick={() => onOpen(item.id)} data-testid="mind-map-item">
                    {item.title}
                    {item.shared ? ' 🔗' : ''}
                  </button>
                  <button
                    type="button"
                    className="mm-link mm-muted"
                    aria-label={`${t.deleteMap} ${item.title}`}
                    onClick={() => void deleteMindMap(item.id).then(() => (onDeleted(item.id), $myMindMaps.load()))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mm-muted">{t.noMaps}</p>
          )
        }
      </LoadGate>
    </aside>
  )
}
