import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { searchKnowledge, type SearchHit } from '../../api/knowledge'
import { $knowledgeMessages } from '../../i18n'
import { fill } from '../shared/format'
import { Icon } from '../shared/ui'
import { styles } from '../shared/styles'

/** Ask a question, see which passages retrieval finds and how they score (relevance, keyword BM25, vector). */
export function SearchTest({ datasetId }: { datasetId: string }) {
  const t = useStore($knowledgeMessages)
  const [query, setQuery] = useState('')
  const [hits, setHits] = useState<SearchHit[] | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async () => {
    if (!query.trim()) return
    setBusy(true)
    try {
      setHits(await searchKnowledge([datasetId], query.trim(), 10))
    } catch {
      // shown by the API catalogue
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="search-test" data-testid="search-test">
      <p className="field-hint">{t.searchTestHint}</p>
      <form className="search-row" onSubmit={event => (event.preventDefault(), void run())}>
        <input
          className="input"
          value={query}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchTest}
          data-testid="search-query"
          onChange={event => setQuery(event.target.value)}
        />
        <button type="submit" className="button primary" disabled={busy || !query.trim()} data-testid="search-run">
          <Icon name="search" />
          {t.search}
        </button>
      </form>
      {hits && hits.length === 0 ? <p className="muted">{t.noHits}</p> : null}
      <ol className="hits">
        {(hits ?? []).map((hit, i) => (
          <li key={hit.chunkId} className="hit" data-testid="search-hit">
            <div className="hit-head">
              <span className="rank">{i + 1}</span>
              <span className="hit-doc">{hit.documentName}</span>
              {hit.page ? <span className="muted">{fill(t.page, { page: hit.page })}</span> : null}
              <span className="spacer" />
              <span className="badge primary">{fill(t.score, { score: Math.round(hit.score * 100) })}</span>
              {hit.bm25 !== null ? <span className="badge">{fill(t.bm25, { value: hit.bm25.toFixed(2) })}</span> : null}
              {hit.similarity !== null ? <span className="badge">{fill(t.similarity, { value: hit.similarity.toFixed(2) })}</span> : null}
            </div>
            <div className="score-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(hit.score * 100)}%` }} />
            </div>
            <p className="chunk-text">{hit.content}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

export const searchTestCss = `
.search-test { display: flex; flex-direction: column; gap: 12px; }
.search-row { display: flex; gap: 8px; }
.search-row .input { flex: 1; }
.hits { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.hit { border: 1px solid var(--_border); border-radius: var(--_radius-small); padding: 10px 12px; background: var(--_bg-elevated); }
.hit-head { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.rank { display: grid; place-items: center; width: 22px; height: 22px; border-radius: 50%; background: var(--_primary-soft); color: var(--_primary-strong); font-size: 12px; font-weight: 600; }
.hit-doc { font-weight: 500; }
.score-bar { height: 4px; margin-top: 8px; border-radius: 2px; background: var(--_bg-subtle); overflow: hidden; }
.score-bar span { display: block; height: 100%; background: var(--_primary); }
`

SearchTest.styles = styles(searchTestCss)
