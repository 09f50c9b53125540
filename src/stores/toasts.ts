import { atom } from 'nanostores'

/** Toasts raised anywhere (API catalogue, forms) and rendered by `<zx-toaster>`. */
export type ToastKind = 'info' | 'success' | 'warning' | 'error'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  /** Milliseconds the toast stays; errors stay a little longer to be read. */
  duration: number
}

const DURATION: Record<ToastKind, number> = { info: 3000, success: 3000, warning: 4000, error: 6000 }
/** Older toasts beyond this are dropped so a burst of failures cannot fill the screen. */
const MAX_VISIBLE = 5

export const $toasts = atom<readonly Toast[]>([])

let nextId = 1

export function showToast(kind: ToastKind, message: string, duration = DURATION[kind]): number {
  const current = $toasts.get()
  // The same message already on screen (e.g. several calls failing at once) is not repeated.
  const same = current.find(toast => toast.kind === kind && toast.message === message)
  if (same) return same.id
  const toast: Toast = { id: nextId++, kind, message, duration }
  $toasts.set([...current, toast].slice(-MAX_VISIBLE))
  return toast.id
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter(toast => toast.id !== id))
}

export function clearToasts(): void {
  $toasts.set([])
}
