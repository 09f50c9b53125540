import { params as i18nParams } from '../plural'

/** Loading and failure states every area shows (src/elements/shared/load). */
export const loadStateZhCN = {
  loading: '加载中…',
  failed: i18nParams('{what}加载失败'),
  failedGeneric: '加载失败',
  retry: '重试',
}

/** The phone shell: the bottom bar's "more" sheet, the profile page, sign-out confirmation. */
export const phoneZhCN = {
  more: '更多',
  moreTitle: '更多功能',
  profilePage: '个人中心',
  signOutConfirmTitle: '退出登录',
  signOutConfirm: '确定要退出登录吗？本机上的对话缓存和设置会被清除。',
  signOutConfirmAction: '退出',
}
