import type { RatingWords } from './rating-zh-CN'

export const ratingWordsKoKR: RatingWords = {
  ratingReasonTitle: '무엇이 문제였나요?',
  reasonInaccurate: '정확하지 않음',
  reasonUnhelpful: '질문에 답하지 않음',
  reasonIncomplete: '불완전함',
  reasonHarmful: '유해하거나 부적절함',
  reasonOther: '기타',
  ratingNote: '자세히 알려 주세요(선택)',
  ratingReasonSend: '보내기',
}
