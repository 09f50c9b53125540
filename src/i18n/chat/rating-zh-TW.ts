import type { RatingWords } from './rating-zh-CN'

export const ratingWordsZhTW: RatingWords = {
  ratingReasonTitle: '哪裡沒幫助？',
  reasonInaccurate: '內容不準確',
  reasonUnhelpful: '沒有回答我的問題',
  reasonIncomplete: '不完整',
  reasonHarmful: '有害或不當',
  reasonOther: '其他',
  ratingNote: '補充說明（選填）',
  ratingReasonSend: '送出',
}
