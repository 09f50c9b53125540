import { atom, computed } from 'nanostores'
import {
  deleteAssistant,
  listAllAssistants,
  listAssistantTypes,
  listFormApps,
  setFavorite,
  type AssistantCard,
  type AssistantDetail,
  type AssistantType,
} from '../api/assistants'
import { $clientType } from './auth'
import { loadable } from './loadable'
import { onUserChange, perUser } from './user-scope'

/**
 * The AI apps gallery: every assistant and form app the user may use (the
 * server decides which), the categories, and favourites. Favouriting updates
 * the card at once and puts it back if the server refuses.
 */

export const $assistantCards = perUser(atom<readonly AssistantCard[]>([]), () => [])
export const $formApps = perUser(atom<readonly AssistantCard[]>([]), () => [])
export const $assistantTypes = perUser(atom<readonly AssistantType[]>([]), () => [])

/** Teachers and managers build assistants and register practice apps; students use them. */
export const $canBuild = computed($clientType, type => type === '1' || type === '2')

/** How many recently used assistants the gallery shows. */
export const RECENT_LIMIT = 4

export const $favoriteCards = computed($assistantCards, cards => cards.filter(c => c.favorite))
export const $recentCards = computed($assistantCards, cards =>
  cards
    .filter(c => c.lastUsedAt)
    .sort((a, b) => (b.lastUsedAt ?? 0) - (a.lastUsedAt ?? 0))
    .slice(0, RECENT_LIMIT),
)

/** Loading the gallery (its lists live in the atoms above, which edits change in place). */
export const $gallery = loadable(async () => {
  const [cards, forms, types] = await Promise.all([listAllAssistants(), listFormApps(), listAssistantTypes('sys')])
  $assistantCards.set(cards)
  $formApps.set(forms)
  $assistantTypes.set(types)
  return { cards, forms, types }
})

export const loadGallery = () => $gallery.load()
onUserChange(() => $gallery.reset())

function patchCard(id: string, patch: Partial<AssistantCard>): void {
  const apply = (list: readonly AssistantCard[]) => list.map(c => (c.id === id ? { ...c, ...patch } : c))
  $assistantCards.set(apply($assistantCards.get()))
  $formApps.set(apply($formApps.get()))
}

export async function toggleFavorite(card: Pick<AssistantCard, 'id' | 'favorite'>): Promise<boolean> {
  const next = !card.favorite
  patchCard(card.id, { favorite: next })
  try {
    await setFavorite(card.id, next)
    return next
  } catch (error) {
    patchCard(card.id, { favorite: card.favorite })
    throw error
  }
}

/** After the editor saved: the gallery shows the new settings without a reload. */
export function rememberAssistant(saved: AssistantDetail): void {
  const exists = $assistantCards.get().some(c => c.id === saved.id)
  const {
    systemMessage: _s,
    model: _m,
    modelVersion: _v,
    temperature: _t,
    top_p: _p,
    datasetIds: _d,
    publications: _pub,
    createTime: _c,
    updateTime: _u,
    ...card
  } = saved
  $assistantCards.set(exists ? $assistantCards.get().map(c => (c.id === saved.id ? card : c)) : [card, ...$assistantCards.get()])
}

export async function removeAssistant(id: string): Promise<void> {
  await deleteAssistant(id)
  $assistantCards.set($assistantCards.get().filter(c => c.id !== id))
}

/** Cards matching a search: title or description contains it (case-insensitive). */
export function matchesSearch(card: Pick<AssistantCard, 'title' | 'description'>, search: string): boolean {
  const text = search.trim().toLowerCase()
  return !text || card.title.toLowerCase().includes(text) || card.description.toLowerCase().includes(text)
}
