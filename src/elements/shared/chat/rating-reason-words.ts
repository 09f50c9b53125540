import { useStore } from '@nanostores/react'
import { $chatMessages } from '../../../i18n'
import type { RatingReason } from '../../../../shared/rating-reasons'

/** The words of each thumbs-down reason, for the reader who gives one and the teacher who reads it. */
export function useRatingReasonWords(): Record<RatingReason, string> {
  const t = useStore($chatMessages)
  return {
    inaccurate: t.reasonInaccurate,
    unhelpful: t.reasonUnhelpful,
    incomplete: t.reasonIncomplete,
    harmful: t.reasonHarmful,
    other: t.reasonOther,
  }
}
