/**
 * Each element bundle's static chunks beyond the host app's first load, by
 * bundle name (`dialogue` → `['chunks/chat-….js', …]`), paths from the site's
 * root. The build writes them in place of the marker below
 * (`elementChunkMap` in scripts/rollup-web-delivery.mjs); run from source
 * (the tests) the marker is no JSON and the map is empty.
 */
const WRITTEN_BY_THE_BUILD = '__ZX_ELEMENT_CHUNKS__'

function parse(text: string): Readonly<Record<string, readonly string[]>> {
  try {
    return JSON.parse(text) as Record<string, string[]>
  } catch {
    return {}
  }
}

const ELEMENT_CHUNKS = parse(WRITTEN_BY_THE_BUILD)

// The host app's chunks are in /app/ or /chunks/: one level below the root either way.
const ROOT = new URL('../', import.meta.url)

const hinted = new Set<string>()

/**
 * Asks for a bundle's chunks beside the bundle itself, so they arrive in the
 * same round instead of one round later, once the bundle has been parsed.
 */
export function preloadElementChunks(bundle: string): void {
  for (const file of ELEMENT_CHUNKS[bundle] ?? []) {
    if (hinted.has(file)) continue
    hinted.add(file)
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = new URL(file, ROOT).href
    document.head.append(link)
  }
}
