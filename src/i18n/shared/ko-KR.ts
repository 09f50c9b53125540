import type { loadStateZhCN, phoneZhCN } from './zh-CN'

type Strings<T> = { [K in keyof T]: string }

export const loadStateKoKR: Strings<typeof loadStateZhCN> = {
  loading: '불러오는 중…',
  failed: '{what} 불러오기 실패',
  failedGeneric: '불러오기 실패',
  retry: '다시 시도',
}

export const phoneKoKR: Strings<typeof phoneZhCN> = {
  more: '더보기',
  moreTitle: '더보기',
  profilePage: '내 정보',
  signOutConfirmTitle: '로그아웃',
  signOutConfirm: '로그아웃할까요? 이 기기에 저장된 대화와 설정이 지워집니다.',
  signOutConfirmAction: '로그아웃',
}
