import type { PlaceChange } from '../elements/shared/place'
import { navigate, redirect } from './router'

/**
 * Keeps an element's inner place in the query (see elements/shared/place.ts):
 * `?datasetId=…` for the open dataset, `?appId=…` for the open practice app.
 * The query becomes the element's attributes again, so Reload reopens the
 * place and Back leaves it.
 */
export function placePath(change: PlaceChange, pathname = location.pathname, search = location.search): string {
  const query = new URLSearchParams(search)
  for (const [name, value] of Object.entries(change.params)) {
    if (value) query.set(name, value)
    else query.delete(name)
  }
  const text = query.toString()
  return pathname + (text ? `?${text}` : '')
}

export function followPlaceChange(change: PlaceChange): void {
  const target = placePath(change)
  if (target === location.pathname + location.search) return
  if (change.replace) redirect(target)
  else navigate(target)
}
