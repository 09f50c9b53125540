import type { PortalsCatalogue } from './catalogue'

export const portalsRuRU: PortalsCatalogue = {
  missingKey: 'В ссылке нет ключа (key) ИИ-помощника',
  missingKeyHint: 'Попросите полную ссылку у преподавателя или администратора сайта. Вошедшие студенты могут сразу открыть «ИИ-диалог».',
  openDialogue: 'Открыть ИИ-диалог',
  loadFailed: 'Не удалось загрузить ИИ-помощника; проверьте сеть и обновите страницу',
  retry: 'Повторить',
  defaultTitle: 'Портал кампуса',
  defaultSubtitle: 'Спрашивайте ИИ-помощников в любое время и находите свои курсы и инструменты',
  featuredAssistants: 'Рекомендуемые ИИ-помощники',
  featuredCourses: 'Лучшие курсы',
  links: 'Полезные ссылки',
  signIn: 'Войти',
  enterPlatform: 'Перейти на платформу',
  useAssistant: 'Открыть',
  viewCourse: 'Смотреть курс',
  emptyPortal: 'Портал ещё наполняется; загляните позже',
  notFound: 'Такой страницы портала нет',
  edit: 'Изменить портал',
  chatHint: 'Задайте вопрос ИИ-помощнику кнопкой справа внизу',
}
