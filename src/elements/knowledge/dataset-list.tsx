import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { createDataset, listDatasets } from '../../api/knowledge'
import { $knowledgeMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { fill } from '../shared/format'
import { LoadGate, useLoadable } from '../shared/load'
import { Icon, SearchField, TabBar } from '../shared/ui'
import { useDebounced } from '../shared/use-debounced'
import { usePhrasing } from '../shared/use-phrasing'
import { DatasetForm } from './dataset-form'
import { visibilityLabel } from './labels'
import { styles } from '../shared/styles'

/** The datasets the person may read (all, their own, shared with them), searchable, and New dataset. */
export function DatasetList({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useStore($knowledgeMessages)
  const say = usePhrasing()
  const [scope, setScope] = useState<'all' | 'mine' | 'shared'>('all')
  const [keyword, setKeyword] = useState('')
  const [creating, setCreating] = useState(false)
  const search = useDebounced(keyword.trim(), 250)
  const [datasets, store] = useLoadable(() => listDatasets({ scope, keyword: search || undefined }), [scope, search], { keep: true })

  return (
    <>
      <header className="library-head" part="header">
        <div className="titles">
          <h2 className="library-title">{t.title}</h2>
          <p className="intro">{t.intro}</p>
        </div>
        <span className="spacer" />
        <button type="button" className="button primary" part="actions" data-testid="new-dataset" onClick={() => setCreating(true)}>
          <Icon name="plus" />
          {t.newDataset}
        </button>
      </header>
      <div className="toolbar">
        <TabBar look="pills" tabs={{ all: t.scopeAll, mine: t.scopeMine, shared: t.scopeShared }} active={scope} onSelect={setScope} />
        <span className="spacer" />
        <SearchField label={t.searchDatasets} value={keyword} onChange={setKeyword} />
      </div>
      <div className="library-body" part="body">
        <LoadGate state={datasets} what={t.title} onRetry={() => void store.retry()} skeleton="cards">
          {list =>
            list.length === 0 ? (
              <zx-empty-state message={t.noDatasets} />
            ) : (
              <ul className="dataset-grid">
                {list.map(d => (
                  <li key={d.id}>
                    <button type="button" className="dataset-card" data-testid="dataset-card" onClick={() => onOpen(d.id)}>
                      <span className="dataset-icon">
                        <Icon name="book" />
                      </span>
                      <span className="dataset-name">{d.name}</span>
                      <span className="dataset-desc">{d.description || '—'}</span>
                      <span className="dataset-meta">
                        <span className={`badge visibility ${d.visibility}`}>{visibilityLabel(t, d.visibility)}</span>
                        <span>{say.count(t.documentsCount, { count: d.documentCount })}</span>
                        <span>{say.count(t.chunksCount, { count: d.chunkCount })}</span>
                        {!d.mine ? <span>{fill(t.owner, { name: d.owner.name })}</span> : null}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadGate>
      </div>
      {creating ? (
        <DatasetForm
          onSave={async input => {
            const created = await createDataset(input)
            showToast('success', t.created)
            onOpen(created.id)
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  )
}

DatasetList.styles = styles(DatasetForm)
