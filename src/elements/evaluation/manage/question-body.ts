import { isRubricType, type Question } from '../../../api/evaluation'

/**
 * A question as the server takes it (bank saves, evaluation bodies): the
 * server's schema refuses extra fields and `null`, and a stored or drawn
 * question comes back with both (id, courseId, authorId, times, position,
 * `source: null`, `options: null`). Accepted blanks lose their empty lines.
 */
const FIELDS = ['type', 'stem', 'options', 'answer', 'rubric', 'points', 'tags', 'difficulty', 'explanation', 'bankQuestionId', 'source'] as const

export function questionBody(q: Question): Question {
  const body: Record<string, unknown> = {}
  for (const field of FIELDS) {
    const value = (q as unknown as Record<string, unknown>)[field]
    if (value !== null && value !== undefined) body[field] = value
  }
  if (q.type === 'blank' && Array.isArray(body.answer)) body.answer = (body.answer as unknown[]).map(a => String(a).trim()).filter(Boolean)
  if (!isRubricType(q.type)) delete body.rubric
  return body as unknown as Question
}
