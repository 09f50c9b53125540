import { useStore } from '@nanostores/react'
import { $chatMessages } from '../../../i18n'
import type { RatingReason } from '../../../../shared/rating-reasons'
import { ratingReasonNames } from './rating-reason-names'

/** The words of each thumbs-down reason, for the reader who gives one and the teacher who reads it. */
export function useRatingReasonWords(): Record<RatingReason, string> {
  return ratingReasonNames(useStore($chatMessages))
}
