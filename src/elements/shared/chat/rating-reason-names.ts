import type { RatingReason } from '../../../../shared/rating-reasons'
import type { RatingWords } from '../../../i18n/chat/rating-zh-CN'

/** Each thumbs-down reason's words, from a catalogue that holds them: the dialogue's or the embedded panel's. */
export function ratingReasonNames(words: RatingWords): Record<RatingReason, string> {
  return {
    inaccurate: words.reasonInaccurate,
    unhelpful: words.reasonUnhelpful,
    incomplete: words.reasonIncomplete,
    harmful: words.reasonHarmful,
    other: words.reasonOther,
  }
}
