import type { loadStateZhCN, phoneZhCN } from './zh-CN'

type Strings<T> = { [K in keyof T]: string }

export const loadStateEnUS: Strings<typeof loadStateZhCN> = {
  loading: 'Loading…',
  failed: 'Could not load {what}',
  failedGeneric: 'Could not load',
  retry: 'Retry',
}

export const phoneEnUS: Strings<typeof phoneZhCN> = {
  more: 'More',
  moreTitle: 'More',
  profilePage: 'Profile',
  signOutConfirmTitle: 'Sign out',
  signOutConfirm: 'Sign out now? Cached chats and settings on this device will be cleared.',
  signOutConfirmAction: 'Sign out',
}
