import { coursesRuRU } from '../courses/ru-RU'
import { adminRuRU } from '../admin/ru-RU'
import { quotaRuRU } from '../quota/ru-RU'
import { phoneAccountRuRU } from '../quota/phone-ru-RU'
import { knowledgeRuRU } from '../knowledge/ru-RU'
import { evaluationRuRU } from '../evaluation/ru-RU'
import { courseEvaluationRuRU } from '../course-evaluation/ru-RU'
import { resourcesRuRU } from '../resources/ru-RU'
import { boardRuRU } from '../board/ru-RU'
import { mindmapsRuRU } from '../mindmaps/ru-RU'
import { safetyRuRU } from '../safety/ru-RU'
import { placementsRuRU } from '../placements/ru-RU'
import { generationsRuRU } from '../generations/ru-RU'
import { assistantsRuRU } from '../assistants/ru-RU'
import { practiceRuRU } from '../practice/ru-RU'
import { chatRuRU } from '../chat/ru-RU'
import { embedRuRU } from '../embed/ru-RU'
import { portalsRuRU } from '../portals/ru-RU'
import { loadStateRuRU, phoneRuRU } from '../shared/ru-RU'
import type { Catalogue } from '../zh-CN'

const ruRU: Catalogue = {
  common: {
    productTitle: 'Универсальная платформа сервисов больших моделей ИИ для профессиональных колледжей',
    empty: 'Нет данных',
    loading: 'Загрузка…',
    ok: 'ОК',
    cancel: 'Отмена',
    save: 'Сохранить',
    close: 'Закрыть',
    back: 'Назад',
    dismiss: 'Закрыть уведомление',
    somethingWrong: 'Что-то пошло не так, попробуйте позже',
    unauthorized: 'Нет доступа, сначала пройдите проверку',
    operationSucceeded: 'Операция выполнена',
    operationFailed: 'Операция не выполнена',
    connecting: 'Подключение к серверу, попробуйте чуть позже~',
    notifications: 'Уведомления',
  },
  menu: {
    dialogue: 'ИИ-диалог',
    courseManagement: 'Управление курсами',
    teachingCourses: 'Преподаваемые курсы',
    courseEvaluation: 'Оценка курсов',
    aiApps: 'ИИ-приложения',
    // The sidebar rail is 72px: one word fits a line ("Исследовательская" does not).
    inquiryPractice: 'Практика',
    evaluationManagement: 'Управление оценками',
    dataBoard: 'Панель данных',
    schoolAdmin: 'Администрирование',
    quotaAdmin: 'Кредиты ИИ',
    knowledgeLibrary: 'База знаний',
    resourceLibrary: 'Библиотека ресурсов',
  },
  areas: {
    dialogue: 'ИИ-диалог',
    courseList: 'Курсы',
    courseShowList: 'Витрина курсов',
    courseDetail: 'Курс',
    apps: 'ИИ-приложения',
    chat: 'Чат приложения',
    appsExternal: 'Исследовательская практика',
    evaluation: 'Управление оценками',
    dataBoard: 'Панель данных',
    optionRecord: 'Журнал операций',
    admin: 'Администрирование',
    quotaAdmin: 'Кредиты ИИ',
    knowledgeLibrary: 'База знаний',
    resourceLibrary: 'Библиотека ресурсов',
    portal: 'Портал',
    mainPortal: 'Главный портал',
    secondIndustryPortal: 'Отраслевой портал',
    shareView: 'Общий доступ',
    externalChat: 'Внешний чат',
    iframe: 'Встроенная страница',
    fullDialogue: 'Диалог на весь экран',
    mindMap: 'Интеллект-карта',
    imageGenerate: 'Изображение из текста',
    videoGenerate: 'Видео из текста',
    comingSoon: 'Эта функция скоро появится',
  },
  shell: {
    mainNavigation: 'Главное меню',
    collapse: 'Свернуть боковую панель',
    expand: 'Развернуть боковую панель',
    openMenu: 'Открыть меню',
    profile: 'Профиль',
    theme: 'Тема',
    themeAuto: 'Как в системе',
    themeDark: 'Тёмная',
    themeLight: 'Светлая',
    language: 'Язык',
    signOut: 'Выйти',
    backToBoard: 'Назад',
    logoAlt: 'Логотип сайта',
    avatarAlt: 'Аватар пользователя',
  },
  login: {
    heading: 'Добро пожаловать, войдите',
    username: 'Имя пользователя',
    password: 'Пароль',
    usernamePlaceholder: 'Введите имя пользователя',
    passwordPlaceholder: 'Введите пароль',
    submit: 'Войти',
    submitting: 'Вход…',
    required: 'Введите имя пользователя и пароль',
    agreementPrefix: 'Входя, вы принимаете',
    agreementLink: 'пользовательское соглашение',
  },
  profile: {
    title: 'Профиль',
    nickname: 'Псевдоним',
    nicknamePlaceholder: 'Введите псевдоним',
    username: 'Учётная запись',
    changeAvatar: 'Сменить аватар',
    uploading: 'Загрузка…',
    avatarNotImage: 'Выберите файл изображения',
    avatarTooLarge: 'Изображение не должно превышать {max} МБ',
    saveProfile: 'Сохранить профиль',
    profileSaved: 'Профиль сохранён',
    passwordSection: 'Смена пароля',
    oldPassword: 'Текущий пароль',
    newPassword: 'Новый пароль',
    confirmPassword: 'Повторите новый пароль',
    changePassword: 'Сменить пароль',
    passwordRequired: 'Введите текущий и новый пароль',
    passwordTooShort: 'Новый пароль должен содержать не менее {min} символов',
    passwordSameAsOld: 'Новый пароль должен отличаться от текущего',
    passwordMismatch: 'Новые пароли не совпадают',
    passwordChanged: 'Пароль изменён',
    clientSection: 'Сменить роль',
    clientType1: 'Преподаватель',
    clientType2: 'Управление и витрина',
    clientType3: 'Студент',
    current: 'Текущая',
    preferences: 'Настройки',
  },
  pages: {
    notFoundTitle: 'Страница не найдена',
    notFoundText: 'Страница, которую вы ищете, не существует или была удалена.',
    serverErrorTitle: 'На сервере произошла ошибка',
    serverErrorText: 'Попробуйте позже или вернитесь на главную.',
    backHome: 'На главную',
    retry: 'Повторить',
    agreementTitle: 'Пользовательское соглашение',
  },
  chat: chatRuRU,
  assistants: assistantsRuRU,
  practice: practiceRuRU,
  courses: coursesRuRU,
  portals: portalsRuRU,
  embed: embedRuRU,
  admin: adminRuRU,
  quota: quotaRuRU,
  phoneAccount: phoneAccountRuRU,
  knowledge: knowledgeRuRU,
  evaluation: evaluationRuRU,
  courseEvaluation: courseEvaluationRuRU,
  resources: resourcesRuRU,
  board: boardRuRU,
  mindmaps: mindmapsRuRU,
  safety: safetyRuRU,
  placements: placementsRuRU,
  generations: generationsRuRU,
  loadState: loadStateRuRU,
  phone: phoneRuRU,
}

export default ruRU
