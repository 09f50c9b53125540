// The evaluation module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { sendSheets, sendXlsx } from './xlsx-reply.js';
export { type SheetSpec } from './xlsx-worker.js';
export { writeXlsxInWorker } from './files.js';
export { lessonPassages } from './question-sources.js';
export { seedDemoQuiz } from './demo-quiz.js';
export { Question as QuestionSchema } from './question-schema.js';
export { checkQuestion, type QuestionInput } from './question-rules.js';
export { scoreObjective } from './objective-scoring.js';
export { bankQuestionFor } from './bank.js';
export { releasedScores, type ReleasedScores } from './released-scores.js';
