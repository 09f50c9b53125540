import { useCallback, useEffect, useState } from 'react'
import { emit, useHostAttribute } from './host-hooks'
import { ZX_EVENTS } from './events'

/**
 * A place inside an element (the open dataset, the open practice app) that
 * deserves its own URL, so Reload and Back return to it. The element keeps
 * the place itself (it works on any page) and reports each move with
 * `zx:place-change` {params, replace}; the host app writes `params` into the
 * query, and the query comes back as the element's attribute.
 */

export const PLACE_CHANGE = ZX_EVENTS.placeChange

export interface PlaceChange {
  /** Query parameters to set; '' removes one. */
  params: Record<string, string>
  /** Replace the history entry (a place that turned out to be gone): Back should not land on it. */
  replace?: boolean
}

export type SetPlace = (value: string, options?: { replace?: boolean }) => void

/**
 * `[value, setValue]` for one query parameter `name` (`datasetId`), following
 * the element's attribute (`dataset-id`), its removal included: Back to a URL
 * without the parameter removes the attribute, and r2wc props ignore that.
 */
export function usePlace(host: HTMLElement | undefined, name: string): [string, SetPlace] {
  const attribute = useHostAttribute(host, name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase())
  const [value, setValue] = useState(attribute ?? '')
  useEffect(() => setValue(attribute ?? ''), [attribute])
  const move = useCallback<SetPlace>(
    (next, options = {}) => {
      setValue(next)
      const change: PlaceChange = { params: { [name]: next }, replace: options.replace }
      emit(host, PLACE_CHANGE, change)
    },
    [host, name],
  )
  return [value, move]
}
