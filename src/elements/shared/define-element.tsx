import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'
import { elementControlsCss } from './controls.css'
import type { ZxEventName } from './events'
import { stylesOf } from './styles'
import { hostTokensCss } from './theme.css'

/**
 * Registers a React component as a `zx-*` custom element with an open shadow
 * root holding its styles (DESIGN §2): the page's CSS cannot reach in, ours
 * cannot leak out. Defining the same tag twice (two bundles on one page) is a
 * no-op, so every bundle may define what it uses.
 */

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method'

export interface DefineOptions<Props> {
  /** Attributes/properties the element exposes, camelCase in JS, kebab-case as attributes. */
  props?: Partial<Record<Extract<keyof Props, string>, PropType>>
  /** Callback props turned into DOM events, bubbling and composed: `{ onClose: ZX_EVENTS.close }` (events.ts). */
  events?: Partial<Record<Extract<keyof Props, string>, ZxEventName>>
  /**
   * The element's own CSS; theme tokens and the shared controls (focus ring, sliders, select) come first.
   * Without it, the CSS the component carries (`Component.styles`, shared/styles.ts).
   */
  css?: string
}

/** Props every element receives from r2wc: the shadow root it renders in. */
export interface ElementProps {
  container?: ShadowRoot | HTMLElement
}

/** One constructed sheet per tag, shared by all its instances. */
function styleSheetFor(css: string): CSSStyleSheet | undefined {
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return undefined
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet
}

export function defineZxElement<Props extends object>(
  tag: string,
  Component: ComponentType<Props>,
  options: DefineOptions<Props> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag)
  if (existing) return existing

  const css = `${hostTokensCss}\n${elementControlsCss}\n${options.css ?? stylesOf(Component) ?? ''}`
  const sheet = styleSheetFor(css)
  const events = Object.fromEntries(Object.keys(options.events ?? {}).map(name => [name, { bubbles: true, composed: true }]))
  // r2wc names an event after its prop (`onClose` → `close`); ours follow events.ts.
  const renamed = new Map(Object.entries(options.events ?? {}).map(([prop, name]) => [prop.replace(/^on/, '').toLowerCase(), name as string]))
  const Base = r2wc(Component, {
    shadow: 'open',
    props: (options.props ?? {}) as Record<string, PropType>,
    events,
  } as Parameters<typeof r2wc<Props>>[1])

  const booleanAttributes = new Set(
    Object.entries(options.props ?? {})
      .filter(([, type]) => type === 'boolean')
      .map(([name]) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()),
  )
  type R2wcElement = HTMLElement & { attributeChangedCallback(name: string, old: string | null, value: string | null): void }

  class ZxElement extends (Base as { new (): R2wcElement }) {
    // r2wc ignores empty and removed attributes; HTML booleans are exactly
    // that (`<zx-dialog open>`, removeAttribute('open')), so translate them.
    // r2wc dispatches its prop-named event from the element itself; it leaves as ours instead.
    override dispatchEvent(event: Event): boolean {
      const name = event.target === null ? renamed.get(event.type) : undefined
      if (!name || !(event instanceof CustomEvent)) return super.dispatchEvent(event)
      return super.dispatchEvent(new CustomEvent(name, { detail: event.detail as unknown, bubbles: true, composed: true }))
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      const translated = booleanAttributes.has(name) && (value === '' || value === null) ? String(value === '') : value
      super.attributeChangedCallback(name, old, translated)
    }

    constructor() {
      super()
      const root = this.shadowRoot
      if (!root) return
      if (sheet) {
        root.adoptedStyleSheets = [sheet]
      } else {
        // Old engines: a <style> first child; React renders after it.
        const style = document.createElement('style')
        style.textContent = css
        root.append(style)
      }
    }
  }

  customElements.define(tag, ZxElement)
  return ZxElement
}

/** The element hosting a component, from the `container` prop r2wc passes. */
export function hostOf(container: ElementProps['container']): HTMLElement | undefined {
  if (!container) return undefined
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container
}
