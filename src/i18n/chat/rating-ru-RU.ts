import type { RatingWords } from './rating-zh-CN'

export const ratingWordsRuRU: RatingWords = {
  ratingReasonTitle: 'Что было не так?',
  reasonInaccurate: 'Неточно',
  reasonUnhelpful: 'Не ответил на мой вопрос',
  reasonIncomplete: 'Неполно',
  reasonHarmful: 'Вредно или неуместно',
  reasonOther: 'Другое',
  ratingNote: 'Подробнее (необязательно)',
  ratingReasonSend: 'Отправить',
}
