import type { loadStateZhCN, phoneZhCN } from './zh-CN'

type Strings<T> = { [K in keyof T]: string }

export const loadStateRuRU: Strings<typeof loadStateZhCN> = {
  loading: 'Загрузка…',
  failed: 'Не удалось загрузить: {what}',
  failedGeneric: 'Не удалось загрузить',
  retry: 'Повторить',
}

export const phoneRuRU: Strings<typeof phoneZhCN> = {
  more: 'Ещё',
  moreTitle: 'Ещё',
  profilePage: 'Профиль',
  signOutConfirmTitle: 'Выход',
  signOutConfirm: 'Выйти из аккаунта? Сохранённые на этом устройстве чаты и настройки будут удалены.',
  signOutConfirmAction: 'Выйти',
}
