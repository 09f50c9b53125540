import { useStore } from '@nanostores/react'
import type { Folder, ResourceKind } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { Select } from '../shared/select'
import { Icon, IconButton, SearchField } from '../shared/ui'
import { KINDS, kindLabel } from './resource-kinds'
import type { LibraryTab } from './use-resource-list'

export interface LibraryToolbarProps {
  tab: LibraryTab
  /** The open folder's path (none while searching: results come from every folder). */
  path: Folder[]
  tags: string[]
  keyword: string
  kind: ResourceKind | ''
  tag: string
  view: 'list' | 'grid'
  onFolder: (id: string | null) => void
  onKeyword: (keyword: string) => void
  onKind: (kind: ResourceKind | '') => void
  onTag: (tag: string) => void
  onView: (view: 'list' | 'grid') => void
}

/** Where the library is (breadcrumbs), what it shows (search, kind, tag) and how (list or grid). */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const t = useStore($resourcesMessages)
  const { tab, path, tags, keyword, kind, tag, view } = props
  return (
    <div className="toolbar" part="toolbar">
      {tab === 'mine' ? (
        <nav className="crumbs" aria-label={t.root} data-testid="breadcrumbs">
          <button type="button" className="crumb" onClick={() => props.onFolder(null)}>
            {t.root}
          </button>
          {path.map(f => (
            <span key={f.id} className="crumb-step">
              <Icon name="chevronRight" />
              <button type="button" className="crumb" onClick={() => props.onFolder(f.id)}>
                {f.name}
              </button>
            </span>
          ))}
        </nav>
      ) : null}
      <span className="spacer" />
      <SearchField label={t.searchPlaceholder} value={keyword} onChange={props.onKeyword} testId="resource-search" />
      {tab === 'mine' ? (
        <>
          <Select
            value={kind}
            aria-label={t.allKinds}
            onChange={event => props.onKind(event.target.value as ResourceKind | '')}
            none={t.allKinds}
            options={KINDS.map(k => ({ value: k, label: kindLabel(t, k) }))}
          />
          {tags.length ? (
            <Select
              value={tag}
              aria-label={t.allTags}
              onChange={event => props.onTag(event.target.value)}
              none={t.allTags}
              options={tags.map(x => ({ value: x, label: x }))}
            />
          ) : null}
        </>
      ) : null}
      <div className="view-toggle">
        <IconButton icon="list" label={t.listView} pressed={view === 'list'} onClick={() => props.onView('list')} />
        <IconButton icon="grid" label={t.gridView} pressed={view === 'grid'} onClick={() => props.onView('grid')} />
      </div>
    </div>
  )
}
