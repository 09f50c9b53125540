// The chat module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { resumeAnswer, stopAnswer } from './answer-lifecycle.js';
export { type AnswerRun, startCompletion, type StartedCompletion, streamCompletion } from './completion-start.js';
export { type KnowledgeRetriever } from './grounding.js';
export { type ChatPreset, type ChatPresetResolver, type PresetGrounding } from './presets.js';
export { Id, IdParams, RatingWhyFields } from './schemas.js';
export { createChat, loadMessages, rateMessage, type Rating, type RatingWhy, removeChat, suggestedQuestions } from './service.js';
export { openSse, type SseStream } from './sse.js';
export { findChat, findMessage, listMessages, type MessageRecord } from './store.js';
export { type MessageView, messageView, viewInLocale } from './views.js';
