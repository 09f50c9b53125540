/**
 * Why an answer was rated down: the choices the thumbs-down offers, stored
 * with the rating and shown to the teacher who reads the chat. The words for
 * each are in the catalogues (chat: `ratingReasons`).
 */
export const RATING_REASONS = ['inaccurate', 'unhelpful', 'incomplete', 'harmful', 'other'] as const;

export type RatingReason = (typeof RATING_REASONS)[number];

/** Longest note a reader may add to a thumbs-down. */
export const RATING_NOTE_MAX = 500;
