import type { UnfinishedUpload, UploaderOptions } from './upload-options'

const UNFINISHED_TTL_MS = 7 * 24 * 3600 * 1000

/**
 * Uploads left unfinished, remembered in the uploader's storage (a week at
 * most) so the page can offer them again after a reload. Storage that is
 * full or blocked remembers nothing: choosing the file again still resumes,
 * from the chunks the server has.
 */
export class RememberedUploads<M> {
  constructor(private readonly options: Pick<UploaderOptions, 'storage' | 'storageKey'>) {}

  list(): UnfinishedUpload<M>[] {
    try {
      const list = JSON.parse(this.options.storage?.getItem(this.options.storageKey()) ?? '[]') as UnfinishedUpload<M>[]
      return Array.isArray(list) ? list.filter(u => Date.now() - u.updatedAt < UNFINISHED_TTL_MS) : []
    } catch {
      return []
    }
  }

  /** Keeps (or updates) one upload, found again by its key. */
  remember(upload: Omit<UnfinishedUpload<M>, 'updatedAt'>): void {
    this.write([...this.list().filter(u => u.key !== upload.key), { ...upload, updatedAt: Date.now() }])
  }

  forget(key: string): void {
    this.write(this.list().filter(u => u.key !== key))
  }

  private write(list: UnfinishedUpload<M>[]): void {
    try {
      this.options.storage?.setItem(this.options.storageKey(), JSON.stringify(list))
    } catch {
      // Storage full or blocked: resuming still works by choosing the file again.
    }
  }
}
