import { downloadWithToken, request, type RequestOptions } from './client'
import { streamEvents } from './stream'

/**
 * Evaluation calls (docs/api/evaluation.md): the question bank, evaluations,
 * papers and submissions, grading, analysis and course evaluation.
 */

/** practical: a practical task answered with uploaded files, graded by the teacher against a rubric. */
export type QuestionType = 'single' | 'multiple' | 'judge' | 'blank' | 'short' | 'practical'
/** Types graded against a rubric, never scored automatically (server: question-rules.ts). */
export const isRubricType = (type: QuestionType): boolean => type === 'short' || type === 'practical'
export type EvaluationKind = 'quiz' | 'assignment' | 'survey'
export type EvaluationStatus = 'draft' | 'published' | 'closed'
/** A practical task's answer is the ids of the student's uploaded files (string[]). */
export type AnswerValue = number | number[] | boolean | string | string[] | null
export type LatePolicy = 'refuse' | 'accept' | 'penalty'

/** A file a practical task was answered with; `url` is a signed download link for this reader. */
export interface AnswerFile {
  id: string
  name: string
  size: number
  mime: string
  url: string
}

export interface RubricCriterion {
  criterion: string
  points: number
  levels?: string[]
}

export interface QuestionSource {
  kind: 'lesson' | 'passage'
  id: string
  title: string
  excerpt: string
}

export interface Question {
  type: QuestionType
  stem: string
  options?: string[]
  answer?: number | number[] | boolean | string[] | string
  rubric?: RubricCriterion[]
  points: number
  tags?: string[]
  difficulty?: number
  explanation?: string
  source?: QuestionSource
  bankQuestionId?: string
}

export interface BankQuestion extends Question {
  id: string
  courseId: string
  difficulty: number
  tags: string[]
  explanation: string
  createdAt: number
}

export interface EvaluationSettings {
  title: string
  description?: string
  kind: EvaluationKind
  classIds?: string[]
  timeLimitMinutes?: number | null
  maxAttempts?: number
  shuffle?: boolean
  passMark?: number | null
  opensAt?: number | null
  closesAt?: number | null
  releaseMode?: 'manual' | 'immediate'
  anonymous?: boolean
  multipleScoring?: 'proportional' | 'all-or-nothing'
  /** Assignments: what work after the due date (closesAt) gets. */
  latePolicy?: LatePolicy
  /** Percent off a late submission (policy 'penalty'). */
  latePenalty?: number
  /** Last moment late work is taken; null: until the teacher closes it. */
  lateUntil?: number | null
}

export interface EvaluationSummary {
  id: string
  title: string
  kind: EvaluationKind
  status: EvaluationStatus
  opensAt: number | null
  closesAt: number | null
  timeLimitMinutes: number | null
  released: boolean
  latePolicy?: LatePolicy
  latePenalty?: number
  lateUntil?: number | null
  /** Students only. */
  myLate?: boolean
  myStatus?: 'todo' | 'in_progress' | 'submitted' | 'graded'
  mySubmissionId?: string | null
  myScore?: number | null
  /** When the latest attempt was handed in, and whether the server did it as its time ran out. */
  mySubmittedAt?: number | null
  myAutoSubmitted?: boolean
  attemptsUsed?: number
  maxAttempts?: number
}

export interface EvaluationDetail extends Required<Omit<EvaluationSettings, 'description'>> {
  id: string
  courseId: string
  description: string
  status: EvaluationStatus
  released: boolean
  questions: Array<Question & { id: string; position: number }>
}

export interface PaperQuestion {
  id: string
  type: QuestionType
  stem: string
  options?: string[]
  points: number
}

export interface Paper {
  state: 'open'
  evaluationId: string
  submissionId: string
  title: string
  description: string
  kind: EvaluationKind
  attempt: number
  maxAttempts: number
  deadlineAt: number | null
  serverNow: number
  questions: PaperQuestion[]
  answers: Record<string, AnswerValue>
  /** Files already given to practical tasks (a reload lists them by name). */
  files?: AnswerFile[]
  /** Whether work handed in now is late, and the penalty it takes. */
  late?: { late: boolean; penalty: number }
}

/**
 * What opening a paper answers once the student's last attempt is handed in
 * and no other can start: when, whether the server handed it in as its time
 * ran out, and the score once released.
 */
export interface HandedInPaper {
  state: 'handed_in'
  evaluationId: string
  submissionId: string
  title: string
  kind: EvaluationKind
  attempt: number
  maxAttempts: number
  status: 'submitted' | 'graded'
  submittedAt: number | null
  autoSubmitted: boolean
  released: boolean
  score: number | null
}

/**
 * Why a save or hand-in was refused, in the error's `data.reason`: the
 * attempt is over (409: handed in, time up, closed, a newer attempt open) or
 * one answer cannot be taken (400, naming its question).
 */
export type AttemptOverReason = 'handed_in' | 'time_up' | 'closed' | 'newer_attempt'
export type AnswerRefusal = { reason: AttemptOverReason; submissionId: string } | { reason: 'invalid_answer'; questionId: string }

export interface CriterionGrade {
  criterion: string
  points: number
  max: number
  level: string
  comment: string
  evidence: string[]
}

export interface SubmissionQuestion {
  questionId: string
  type: QuestionType
  stem: string
  options?: string[]
  points: number
  answer: AnswerValue
  correctAnswer: unknown
  explanation: string
  tags: string[]
  source: QuestionSource | null
  score: number | null
  feedback: string
  criteria?: CriterionGrade[]
  /** Practical tasks: the files the student answered with. */
  files?: AnswerFile[]
  /** Teachers only. */
  gradedBy?: string | null
  flagged?: string | null
  aiSuggestion?: { criteria: CriterionGrade[]; feedback: string } | null
  rubric?: RubricCriterion[] | null
  /** Teachers only: every change a teacher made to this item's score, oldest first. */
  history?: GradeChange[]
}

export interface GradeChange {
  at: number
  by: string
  before: number | null
  after: number
}

export interface Submission {
  id: string
  evaluationId: string
  courseId: string
  status: 'in_progress' | 'submitted' | 'graded'
  attempt: number
  submittedAt: number | null
  /** Handed in by the server when the attempt's time ran out. */
  autoSubmitted?: boolean
  late?: boolean
  /** Percent taken off for lateness. */
  latePenalty?: number
  released: boolean
  score: number | null
  maxScore?: number
  passMark?: number | null
  student?: { id: string; username: string; name: string }
  questions: SubmissionQuestion[]
}

export interface QueueItem {
  id: string
  status: string
  score: number | null
  attempt: number
  submittedAt: number | null
  /** Handed in by the server when the attempt's time ran out. */
  autoSubmitted?: boolean
  late?: boolean
  student: { username: string; name: string } | null
  pending: number
  flagged: number
  aiGraded: number
}

export interface Analysis {
  evaluationId: string
  submitted: number
  maxScore: number
  average: number
  highest: number | null
  lowest: number | null
  /** The paper's pass mark, if it has one. */
  passMark: number | null
  /** Graded submissions, and how many of them reached the pass mark. */
  graded: number
  passed: number
  /** passed / graded; null without a pass mark or before anything is graded. */
  passRate: number | null
  /** Students of the evaluation's classes who have not handed in; null for an anonymous survey (it names no one). */
  notHandedIn: Array<{ studentId: string; username: string; name: string; className: string; state: 'not_started' | 'in_progress' }> | null
  distribution: Array<{ from: number; to: number; count: number }>
  questions: Array<{
    questionId: string
    /** The question's number on the paper, from 1. */
    position: number
    type: QuestionType
    stem: string
    points: number
    tags: string[]
    answered: number
    correctRate: number
    difficulty: number
    discrimination: number | null
    wrongOptions: Array<{ option: number; text: string; count: number }>
  }>
  knowledgePoints: Array<{ tag: string; mastery: number | null; byClass: Array<{ classId: string; className: string; mastery: number | null }> }>
  students: Array<{
    studentId: string
    username: string
    name: string
    className: string
    submissionId: string
    status: 'submitted' | 'graded'
    submittedAt: number | null
    /** Handed in by the server when the attempt's time ran out. */
    autoSubmitted: boolean
    score: number | null
    total: number
    mastery: Record<string, number | null>
  }>
}

export interface ImportRow {
  line: number
  question?: Question
  error?: string
  /** Why the file's question is left out (a type with no counterpart, such as matching); it does not block the rest. */
  skipped?: string
  /** The stem of a question left out. */
  stem?: string
  /** What of the question did not come across (an image, a tolerance). */
  notes?: string[]
}

export interface Indicator {
  id: string
  name: string
  weight: number
  levels: string[]
}

export interface CourseEvaluationResult {
  courseId: string
  title: string
  category: string
  term: string
  figures: {
    lessons: number
    resources: number
    students: number
    activeStudents30d: number
    completionRate: number
    aiQuestions: number
    evaluationAverage: number | null
    surveyResponses: number
    /** Students' survey rating of the course, 0–1 (first option best), or null when no survey rates it. */
    surveyRating: number | null
  }
  indicators: Array<{ indicatorId: string; name: string; weight: number; score: number | null; comment: string; suggested: number | null }>
  total: number | null
  rank?: number | null
}

export type WriterEvent =
  | { type: 'start'; engine: 'model' | 'builtin'; sources: Array<{ index: number; kind: string; title: string }>; needModel?: QuestionType[] }
  | { type: 'draft'; question: Question; note?: string }
  | { type: 'skipped'; reason: string }
  | { type: 'notice'; message: string; kind?: 'model-needed' | 'no-material' | 'few-sentences' }
  | { type: 'done'; count: number }
  | { type: 'error'; message: string }

const seg = encodeURIComponent

// Evaluations
export const listEvaluations = (courseId: string, options?: RequestOptions) => request<EvaluationSummary[]>('GET', 'course/evaluations', { courseId }, options)
export const fetchEvaluation = (id: string, options?: RequestOptions) => request<EvaluationDetail>('GET', `course/evaluations/${seg(id)}`, undefined, options)
export const createEvaluation = (body: EvaluationSettings & { courseId: string; questions: Question[] }) =>
  request<{ id: string }>('POST', 'course/evaluations', body)
/** Sends only what changes: a field left out keeps its value (a published evaluation's settings dialog sends the window alone). */
export const updateEvaluation = (id: string, body: Partial<EvaluationSettings> & { questions?: Question[] }, options?: RequestOptions) =>
  request<null>('PUT', `course/evaluations/${seg(id)}`, body, options)
export const deleteEvaluation = (id: string) => request<null>('DELETE', `course/evaluations/${seg(id)}`)
export const setEvaluationStatus = (id: string, status: 'published' | 'closed') => request<null>('POST', `course/evaluations/${seg(id)}/status`, { status })
export const releaseResults = (id: string) => request<null>('POST', `course/evaluations/${seg(id)}/release`)

// Taking
export const openPaper = (id: string, options?: RequestOptions) =>
  request<Paper | HandedInPaper>('GET', `course/evaluations/${seg(id)}/paper`, undefined, options)
/** The attempt a page answers: the server refuses a save or hand-in for any other (a tab left on an attempt handed in elsewhere). */
export type AttemptRef = Pick<Paper, 'evaluationId' | 'submissionId'>
export const autosaveAnswers = (
  { evaluationId, submissionId }: AttemptRef,
  answers: Array<{ questionId: string; value: AnswerValue }>,
  options?: RequestOptions,
) => request<{ savedAt: number; deadlineAt: number | null }>('PUT', `course/evaluations/${seg(evaluationId)}/answers`, { answers, submissionId }, options)
export const submitAnswers = ({ evaluationId, submissionId }: AttemptRef, answers: Array<{ questionId: string; value: AnswerValue }>) =>
  request<{ id: string }>('POST', `course/evaluations/${seg(evaluationId)}/submissions`, { answers, submissionId })
export const fetchSubmission = (id: string, options?: RequestOptions) => request<Submission>('GET', `course/submissions/${seg(id)}`, undefined, options)

// Grading and analysis
export const gradingQueue = (id: string, options?: RequestOptions) =>
  request<{ released: boolean; aiGrading?: 'on' | 'no-model' | 'none-needed'; items: QueueItem[] }>(
    'GET',
    `course/evaluations/${seg(id)}/submissions`,
    undefined,
    options,
  )
export const gradeItem = (submissionId: string, itemId: string, body: GradeBody) =>
  request<null>('PUT', `course/submissions/${seg(submissionId)}/items/${seg(itemId)}`, body)
/** One question of an evaluation with every handed-in answer to it (grading by question). */
export interface QuestionAnswers {
  question: {
    questionId: string
    number: number
    type: QuestionType
    stem: string
    options?: string[]
    points: number
    correctAnswer: unknown
    rubric: RubricCriterion[] | null
  }
  answers: Array<
    Pick<SubmissionQuestion, 'answer' | 'score' | 'feedback' | 'criteria' | 'files' | 'gradedBy' | 'flagged' | 'aiSuggestion'> & {
      submissionId: string
      attempt: number
      submittedAt: number | null
      autoSubmitted: boolean
      student: { username: string; name: string } | null
    }
  >
}
export type GradeBody = { criteria?: Array<{ criterion: string; points: number; comment?: string }>; score?: number; feedback?: string }
export const fetchQuestionAnswers = (evaluationId: string, questionId: string, options?: RequestOptions) =>
  request<QuestionAnswers>('GET', `course/evaluations/${seg(evaluationId)}/questions/${seg(questionId)}/answers`, undefined, options)
/** Grades one question in many attempts at once: all saved, or none (the server says why). */
export const gradeQuestion = (evaluationId: string, questionId: string, grades: Array<GradeBody & { submissionId: string }>) =>
  request<{ graded: number }>('PUT', `course/evaluations/${seg(evaluationId)}/questions/${seg(questionId)}/grades`, { grades })
export const fetchAnalysis = (id: string, options?: RequestOptions) => request<Analysis>('GET', `course/evaluations/${seg(id)}/analysis`, undefined, options)

// Question bank
export interface BankQuery {
  courseId: string
  type?: QuestionType
  tag?: string
  difficulty?: number
  keyword?: string
  page?: number
  pageSize?: number
}
/** A page of the bank (all of it without `pageSize`), how many match, and every knowledge point of the bank. */
export const listBank = (query: BankQuery, options?: RequestOptions) =>
  request<{ items: BankQuestion[]; total: number; tags: string[] }>('GET', 'course/question-bank', query, options)
export const addToBank = (courseId: string, questions: Question[]) => request<{ ids: string[] }>('POST', 'course/question-bank', { courseId, questions })
export const updateBankQuestion = (id: string, question: Question) => request<null>('PUT', `course/question-bank/${seg(id)}`, question)
export const deleteBankQuestions = (courseId: string, ids: string[]) => request<{ deleted: number }>('POST', 'course/question-bank/delete', { courseId, ids })
export const drawFromBank = (courseId: string, rules: Array<{ count: number; type?: QuestionType; difficulty?: number; tag?: string; points?: number }>) =>
  request<BankQuestion[]>('POST', 'course/question-bank/draw', { courseId, rules })
export const importQuestions = (courseId: string, fileId: string, commit: boolean) =>
  request<{ rows: ImportRow[]; errors: number; skipped: number; imported: number }>(
    'POST',
    'course/question-bank/import',
    { courseId, fileId, commit },
    { quiet: true },
  )

export interface WriteRequest {
  courseId: string
  lessonIds?: string[]
  datasetIds?: string[]
  topic?: string
  types: QuestionType[]
  count: number
  difficulty?: number
  tags?: string[]
}

/** AI question writing: drafts arrive one by one (docs/api/evaluation.md). */
export async function* writeQuestions(body: WriteRequest, signal?: AbortSignal): AsyncGenerator<WriterEvent> {
  for await (const event of streamEvents<WriterEvent>('course/question-bank/generate', { body, signal })) yield event.data
}

// Course evaluation (managers)
export const fetchIndicators = (options?: RequestOptions) => request<Indicator[]>('GET', 'course/course-evaluation/indicators', undefined, options)
export const saveIndicators = (indicators: Array<Omit<Indicator, 'id'> & { id?: string }>) =>
  request<Indicator[]>('PUT', 'course/course-evaluation/indicators', { indicators })
export const fetchCourseRanking = (options?: RequestOptions) =>
  request<{ indicators: Indicator[]; courses: CourseEvaluationResult[] }>('GET', 'course/course-evaluation/courses', undefined, options)
export const fetchCourseEvaluation = (courseId: string, options?: RequestOptions) =>
  request<CourseEvaluationResult>('GET', `course/course-evaluation/courses/${seg(courseId)}`, undefined, options)
export const scoreCourse = (courseId: string, scores: Array<{ indicatorId: string; score: number; comment: string }>) =>
  request<CourseEvaluationResult>('PUT', `course/course-evaluation/courses/${seg(courseId)}`, { scores })

/** The formats a bank exports to: the template's XLSX, or Moodle XML, GIFT and Aiken for other systems. */
export type BankFormat = 'xlsx' | 'moodle' | 'gift' | 'aiken'
export const BANK_FORMATS: readonly BankFormat[] = ['xlsx', 'moodle', 'gift', 'aiken']

/** The downloads (bank export and template, analysis, course ranking), fetched with the session's token. */
export type XlsxExport =
  { kind: 'bank'; courseId: string; format?: BankFormat } | { kind: 'template' } | { kind: 'analysis'; evaluationId: string } | { kind: 'ranking' }

export function exportPath(target: XlsxExport): string {
  switch (target.kind) {
    case 'bank':
      return `course/question-bank/export?courseId=${seg(target.courseId)}${target.format && target.format !== 'xlsx' ? `&format=${target.format}` : ''}`
    case 'template':
      return 'course/question-bank/template'
    case 'analysis':
      return `course/evaluations/${seg(target.evaluationId)}/analysis/export`
    case 'ranking':
      return 'course/course-evaluation/export'
  }
}

const EXTENSIONS: Record<BankFormat, string> = { xlsx: 'xlsx', moodle: 'xml', gift: 'txt', aiken: 'txt' }

/** Saved under the server's name for the file; `fileName` (without extension) only when the reply names none. */
export function downloadXlsx(target: XlsxExport, fileName: string): Promise<void> {
  const format = target.kind === 'bank' ? (target.format ?? 'xlsx') : 'xlsx'
  return downloadWithToken(exportPath(target), `${fileName}.${EXTENSIONS[format]}`)
}
