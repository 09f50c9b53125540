import { useEffect, useState } from 'react'

/**
 * Where another element (the AI apps page) shows <zx-embed-admin>: loads the
 * embed-admin bundle on first use, so the apps page does not carry it. Both
 * the element bundles (/elements/) and shared chunks (/chunks/) sit one
 * level below the site root, hence the relative address.
 */
const BUNDLE = new URL('../elements/embed-admin.js', import.meta.url).href

let loading: Promise<unknown> | undefined

export function EmbedAdminSlot() {
  const [ready, setReady] = useState(() => !!customElements.get('zx-embed-admin'))
  useEffect(() => {
    if (ready) return
    loading ??= import(/* @vite-ignore */ BUNDLE).then(() => customElements.whenDefined('zx-embed-admin'))
    loading.then(
      () => setReady(true),
      () => (loading = undefined),
    )
  }, [ready])
  return ready ? <zx-embed-admin data-testid="embed-admin" /> : <div className="grid skeleton" aria-busy="true" />
}
