import type { EmbedOptions } from '../../embed/types'

/**
 * Zhixue's own pages (the /iframe and /externalChat chat, the portals) use
 * the very widget a CMS page uses: they add /new-chat/embed.js to the page
 * once, exactly as a school's web page would, and drive it with `Zhixue`.
 */
export interface ZhixueGlobal {
  init(options: EmbedOptions): string
  destroy(id?: string): void
  setLocale(locale: string, id?: string): void
}

export const EMBED_SCRIPT_URL = '/new-chat/embed.js'

let loading: Promise<ZhixueGlobal> | undefined

export function loadEmbedScript(): Promise<ZhixueGlobal> {
  const ready = (window as { Zhixue?: ZhixueGlobal & { version?: number } }).Zhixue
  if (ready?.version) return Promise.resolve(ready)
  loading ??= new Promise<ZhixueGlobal>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = EMBED_SCRIPT_URL
    script.async = true
    script.onload = () => resolve((window as unknown as { Zhixue: ZhixueGlobal }).Zhixue)
    script.onerror = () => {
      loading = undefined
      script.remove()
      reject(new Error(`${EMBED_SCRIPT_URL} did not load`))
    }
    document.head.append(script)
  })
  return loading
}
