import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useState } from 'react'
import type { AssistantCard as Card } from '../../api/assistants'
import { $assistantsMessages, $embedMessages, $locale } from '../../i18n'
import {
  $assistantCards,
  $assistantTypes,
  $canBuild,
  $favoriteCards,
  $formApps,
  $gallery,
  $recentCards,
  loadGallery,
  matchesSearch,
  rememberAssistant,
  removeAssistant,
  toggleFavorite,
} from '../../stores/assistants'
import { showToast } from '../../stores/toasts'
import type { ElementProps } from '../shared/define-element'
import { LoadFailure } from '../shared/load'
import { ConfirmDialog, Icon, TabBar, SearchField, type IconName } from '../shared/ui'
import { EmbedAdminSlot } from './embed-admin-slot'
import { AssistantCard, chatHref } from '../shared/assistants/assistant-card'
import { AssistantEditor } from '../shared/assistants/assistant-editor'
import { FormApp } from './form-app'
import { categoryIcon } from './category-icon'

/**
 * `<zx-apps>`: the AI apps gallery (SPEC `/course/apps`). Assistants by
 * category with search, favourites and recently used first; form apps; and,
 * on the teaching side, the assistants you made (create, edit, publish,
 * delete). A card opens the assistant chat at `/course/chat?assistantId=…`.
 */
export type AppsProps = ElementProps

type Tab = 'assistants' | 'forms' | 'mine' | 'embed'

export function Apps(_props: AppsProps) {
  const t = useStore($assistantsMessages)
  const embedT = useStore($embedMessages)
  const cards = useStore($assistantCards)
  const forms = useStore($formApps)
  const types = useStore($assistantTypes)
  const favorites = useStore($favoriteCards)
  const recent = useStore($recentCards)
  const gallery = useStore($gallery)
  const canBuild = useStore($canBuild)
  const [tab, setTab] = useState<Tab>('assistants')
  const [category, setCategory] = useState('')
  const [search, setSearch] = useState('')
  const [openForm, setOpenForm] = useState<Card | null>(null)
  const [editing, setEditing] = useState<{ id?: string } | null>(null)
  const [deleting, setDeleting] = useState<Card | null>(null)
  const [ownToaster] = useState(() => !document.querySelector('zx-toaster'))

  // The server names the categories in the UI language: a language change asks again.
  const locale = useStore($locale)
  useEffect(() => {
    void loadGallery()
  }, [locale])

  const favorite = (card: Card) =>
    toggleFavorite(card).then(
      now => showToast('success', now ? t.favorited : t.unfavorited),
      () => {},
    )

  const assistants = useMemo(() => cards.filter(c => c.kind === 'chat'), [cards])
  const mine = useMemo(() => cards.filter(c => c.own), [cards])
  const browsing = !search.trim() && !category
  const shown = useMemo(() => {
    const source = tab === 'forms' ? forms : tab === 'mine' ? mine : assistants
    return source.filter(c => matchesSearch(c, search) && (tab !== 'assistants' || !category || c.typeId === category))
  }, [tab, forms, mine, assistants, search, category])

  const renderCard = (card: Card) => (
    <AssistantCard
      key={card.id}
      card={card}
      href={card.kind === 'form' ? undefined : chatHref(card.id)}
      onOpen={card.kind === 'form' ? () => setOpenForm(card) : undefined}
      onFavorite={() => void favorite(card)}
      onEdit={tab === 'mine' && card.own ? () => setEditing({ id: card.id }) : undefined}
      onDelete={tab === 'mine' && card.own ? () => setDeleting(card) : undefined}
    />
  )
  const grid = (list: readonly Card[], testId: string) => (
    <div className="grid" data-testid={testId}>
      {list.map(renderCard)}
    </div>
  )

  let content
  if (tab === 'embed') {
    // Embed keys: teachers put their assistants on the school's websites (src/elements/embed).
    content = <EmbedAdminSlot />
  } else if (openForm) {
    content = <FormApp app={openForm} onBack={() => setOpenForm(null)} />
  } else if (gallery.status === 'failed') {
    content = <LoadFailure error={gallery.error} what={t.appsTitle} onRetry={() => void $gallery.retry()} />
  } else if (gallery.data === undefined) {
    content = <zx-skeleton variant="cards" />
  } else if (tab === 'assistants' && browsing) {
    // Favourites and recent ones only when there are some; all assistants always.
    const sections: Array<{ icon: IconName; title: string; cards: readonly Card[]; testId: string; always?: boolean }> = [
      { icon: 'star', title: t.favorites, cards: favorites.filter(c => c.kind !== 'form'), testId: 'favorites' },
      { icon: 'clock', title: t.recent, cards: recent, testId: 'recent' },
      { icon: 'grid', title: t.allAssistants, cards: shown, testId: 'all-assistants', always: true },
    ]
    content = sections.map(section =>
      section.cards.length || section.always ? (
        <section key={section.testId} className="section">
          <h2 className="section-title">
            <Icon name={section.icon} /> {section.title}
          </h2>
          {grid(section.cards, section.testId)}
        </section>
      ) : null,
    )
  } else if (shown.length === 0) {
    content = <zx-empty-state message={tab === 'mine' && !search ? t.noOwn : t.noResults} />
  } else {
    content = grid(shown, `${tab}-list`)
  }

  return (
    <div className="apps" part="base" data-testid="apps">
      <header className="apps-head" part="header">
        <div className="apps-heading">
          <h1>{t.appsTitle}</h1>
          <p>{t.appsSubtitle}</p>
        </div>
        <div className="head-tools" part="actions">
          <SearchField boxed label={t.search} value={search} onChange={setSearch} testId="apps-search" />
          {canBuild ? (
            <button type="button" className="button primary" onClick={() => setEditing({})} data-testid="create-assistant">
              <Icon name="plus" />
              {t.createAssistant}
            </button>
          ) : null}
        </div>
      </header>
      <TabBar
        tabs={{ assistants: t.tabAssistants, forms: t.tabForms, ...(canBuild ? { mine: t.tabMine, embed: embedT.tab } : {}) }}
        active={tab}
        onSelect={value => {
          setTab(value)
          setOpenForm(null)
        }}
        testIdPrefix="tab-"
      />
      {tab === 'assistants' && !openForm ? (
        <div className="chips" role="group" aria-label={t.allCategories}>
          <button type="button" className="chip" aria-pressed={!category} onClick={() => setCategory('')}>
            {t.allCategories}
          </button>
          {types
            .filter(type => assistants.some(c => c.typeId === type.id))
            .map(type => (
              <button key={type.id} type="button" className="chip" aria-pressed={category === type.id} onClick={() => setCategory(type.id)}>
                <Icon name={categoryIcon(type.icon)} />
                {type.name}
              </button>
            ))}
        </div>
      ) : null}
      <div className="apps-content" part="body">
        {content}
      </div>
      {editing ? (
        <AssistantEditor
          assistantId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={saved => {
            rememberAssistant(saved)
            setEditing(null)
            setTab('mine')
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          heading={t.deleteTitle}
          message={t.deleteConfirm({ title: deleting.title })}
          confirmLabel={t.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting
            setDeleting(null)
            removeAssistant(target.id).then(
              () => showToast('success', t.deleted),
              () => {},
            )
          }}
        />
      ) : null}
      {ownToaster ? <zx-toaster /> : null}
    </div>
  )
}
