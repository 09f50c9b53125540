import type { RatingWords } from './rating-zh-CN'

export const ratingWordsEnUS: RatingWords = {
  ratingReasonTitle: 'What was wrong?',
  reasonInaccurate: 'Not accurate',
  reasonUnhelpful: "Didn't answer my question",
  reasonIncomplete: 'Incomplete',
  reasonHarmful: 'Harmful or inappropriate',
  reasonOther: 'Something else',
  ratingNote: 'Tell us more (optional)',
  ratingReasonSend: 'Send',
}
