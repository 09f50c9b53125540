/**
 * Where the panel keeps the visitor's secret and the open conversation: the
 * page's localStorage under `zx-embed:<key>` (so a visitor finds their history
 * again), or memory only in ephemeral mode (shared classroom computers: a
 * reload or a closed tab forgets the visitor). Storage that is blocked or
 * full falls back to memory silently.
 */
export interface PanelMemory {
  visitorToken?: string
  conversationId?: string
}

const memory = new Map<string, PanelMemory>()

export function panelStorage(key: string, ephemeral: boolean) {
  const name = `zx-embed:${key}`
  const read = (): PanelMemory => {
    if (!ephemeral) {
      try {
        const stored = localStorage.getItem(name)
        if (stored) return JSON.parse(stored) as PanelMemory
      } catch {
        // blocked storage or a damaged value: memory below
      }
    }
    return memory.get(name) ?? {}
  }
  return {
    read,
    write(patch: PanelMemory) {
      const next = { ...read(), ...patch }
      memory.set(name, next)
      if (ephemeral) return
      try {
        localStorage.setItem(name, JSON.stringify(next))
      } catch {
        // kept in memory for this page
      }
    },
  }
}
