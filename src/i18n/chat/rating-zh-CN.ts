/**
 * Words of a thumbs-down's reasons (shared/rating-reasons.ts), base locale:
 * the dialogue's catalogue and the embedded panel's both take them, so a
 * reason reads the same in the app and on a school's site.
 * ./rating-<locale>.ts translate every key (checked by type).
 */
export const ratingWordsZhCN = {
  ratingReasonTitle: '哪里没帮助？',
  reasonInaccurate: '内容不准确',
  reasonUnhelpful: '没有回答我的问题',
  reasonIncomplete: '不完整',
  reasonHarmful: '有害或不当',
  reasonOther: '其他',
  ratingNote: '补充说明（选填）',
  ratingReasonSend: '提交',
}

/** A translation of the reasons' words: every key of the base. */
export type RatingWords = { [Key in keyof typeof ratingWordsZhCN]: string }
