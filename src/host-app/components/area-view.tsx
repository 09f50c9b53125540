import { useStore } from '@nanostores/react'
import { createElement, useEffect, useRef, useState } from 'react'
import { $areaMessages } from '../../i18n'
import { AREAS, loadAreaElement, type Area, type AreaKey, type AreaLink } from '../areas'
import { followChatChange } from '../chat-route'
import { Icon } from '../icons'
import { PLACE_CHANGE, type PlaceChange } from '../../elements/shared/place'
import { followPlaceChange } from '../place-route'
import type { Page } from '../guard'
import { ZX_EVENTS } from '../../elements/shared/events'

/**
 * Shows an area: its element once the bundle has loaded (route params passed
 * as attributes), or the empty state under the area's title while the area
 * has no element yet.
 */
export function AreaView({ area, page }: { area: AreaKey; page: Page }) {
  const t = useStore($areaMessages)
  const { title, element, links } = AREAS[area] as Area
  const [ready, setReady] = useState(false)
  const host = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!element) return
    let live = true
    setReady(false)
    loadAreaElement(element).then(
      () => live && setReady(true),
      () => live && setReady(false),
    )
    return () => {
      live = false
    }
  }, [element])

  // Chat elements report the chat they show; the URL follows (see chat-route.ts).
  const chatPath = element?.chatPath
  useEffect(() => {
    const node = host.current
    if (!ready || !node || !chatPath) return
    const onChange = (event: Event) => followChatChange(chatPath, String((event as CustomEvent<{ chatNumber?: string }>).detail?.chatNumber ?? ''))
    node.addEventListener(ZX_EVENTS.chatChange, onChange)
    return () => node.removeEventListener(ZX_EVENTS.chatChange, onChange)
  }, [ready, chatPath])

  // Elements report their inner place (an open dataset, an open app); the query follows (see place-route.ts).
  useEffect(() => {
    const node = host.current
    if (!ready || !node) return
    const onPlace = (event: Event) => followPlaceChange((event as CustomEvent<PlaceChange>).detail)
    node.addEventListener(PLACE_CHANGE, onPlace)
    return () => node.removeEventListener(PLACE_CHANGE, onPlace)
  }, [ready])

  if (element && ready) {
    const params = page.params as Record<string, string | undefined>
    const attributes = Object.fromEntries(
      Object.entries({ ...page.search, ...params })
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => [key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(), value]),
    )
    const shown = createElement(element.tag, { ...attributes, ref: host, className: 'zx-area-element', 'data-area': area })
    return (
      <>
        {links ? <AreaLinks links={links} /> : null}
        {element.untitled ? <h1 className="zx-visually-hidden">{t[title]}</h1> : null}
        {shown}
      </>
    )
  }

  return (
    <div className="zx-area" data-area={area}>
      {links ? <AreaLinks links={links} /> : null}
      <h1 className="zx-page-title">{t[title]}</h1>
      <zx-empty-state message={element ? undefined : t.comingSoon} />
    </div>
  )
}

function AreaLinks({ links }: { links: readonly AreaLink[] }) {
  const t = useStore($areaMessages)
  return (
    <nav className="zx-area-links">
      {links.map(link => (
        <a key={link.path} className="zx-back-link" href={link.path} data-testid="area-link">
          <Icon name={link.icon} />
          {t[link.label]}
        </a>
      ))}
    </nav>
  )
}
