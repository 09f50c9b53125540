/**
 * The files of one pick or drop form a batch: the library says when each is
 * in place (or failed), and once every file of the batch has settled one
 * summary is reported, so twenty files raise one toast instead of twenty.
 */
export interface UploadBatchSummary<M> {
  /** Where the first file of the batch went (one pick or drop has one target). */
  target: M
  added: string[]
  failed: string[]
}

interface Batch<M> {
  target: M
  pending: Set<string>
  added: string[]
  failed: string[]
}

export function createUploadBatches<M>() {
  const byItem = new Map<string, Batch<M>>()
  const listeners = new Set<(summary: UploadBatchSummary<M>) => void>()
  return {
    /** A new batch of upload item ids. */
    start(items: ReadonlyArray<{ id: string; meta: M }>): void {
      if (!items.length) return
      const batch: Batch<M> = { target: items[0]!.meta, pending: new Set(items.map(i => i.id)), added: [], failed: [] }
      for (const item of items) byItem.set(item.id, batch)
    },
    /** One file is in place (`added`) or will not be (failed, cancelled); the last one reports the batch. */
    settle(item: { id: string; name: string; meta: M }, added: boolean): void {
      const batch = byItem.get(item.id)
      byItem.delete(item.id)
      if (!batch || !batch.pending.delete(item.id)) {
        // A file retried after its batch was summed up is reported on its own once in place.
        if (added) listeners.forEach(listener => listener({ target: item.meta, added: [item.name], failed: [] }))
        return
      }
      ;(added ? batch.added : batch.failed).push(item.name)
      if (batch.pending.size) return
      const summary = { target: batch.target, added: batch.added, failed: batch.failed }
      listeners.forEach(listener => listener(summary))
    },
    onSettled(listener: (summary: UploadBatchSummary<M>) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
