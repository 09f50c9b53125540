/**
 * One signal for "a lazily loaded feature arrived (or failed)": streams that
 * rendered a block without it re-render just those blocks, either when told
 * (listeners) or on their next update (the version moved on).
 */
type Listener = () => void

const listeners = new Set<Listener>()
let version = 0

export function onFeatureChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function featureVersion(): number {
  return version
}

export function featureChanged(): void {
  version++
  for (const listener of [...listeners]) listener()
}
