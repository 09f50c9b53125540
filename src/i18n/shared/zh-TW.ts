import type { loadStateZhCN, phoneZhCN } from './zh-CN'

type Strings<T> = { [K in keyof T]: string }

export const loadStateZhTW: Strings<typeof loadStateZhCN> = {
  loading: '載入中…',
  failed: '{what}載入失敗',
  failedGeneric: '載入失敗',
  retry: '重試',
}

export const phoneZhTW: Strings<typeof phoneZhCN> = {
  more: '更多',
  moreTitle: '更多功能',
  profilePage: '個人中心',
  signOutConfirmTitle: '登出',
  signOutConfirm: '確定要登出嗎？本機上的對話快取和設定會被清除。',
  signOutConfirmAction: '登出',
}
