// Why a save or hand-in was refused, in the envelope's `data.reason`, so a
// student's page tells apart an attempt that is over (409: it was handed in,
// its time ran out, the evaluation was closed, or a newer attempt is open)
// from an answer the server cannot take (400: that one answer is wrong, the
// others still save). A page that gets no answer at all knows it is offline.
import { ApiError } from '../../http/errors.js';

export type AttemptOverReason = 'handed_in' | 'time_up' | 'closed' | 'newer_attempt';

/** The attempt can take no more answers; `submissionId` names the attempt that was handed in. */
export const attemptOver = (reason: AttemptOverReason, msg: string, submissionId: string) => new ApiError(409, msg, {}, 409, { reason, submissionId });

/** One answer cannot be taken as it is: the page keeps it on screen and saves the rest. */
export const invalidAnswer = (msg: string, questionId: string) => new ApiError(400, msg, {}, 400, { reason: 'invalid_answer', questionId });
