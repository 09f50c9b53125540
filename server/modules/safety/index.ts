// The safety module's public face (DESIGN §4): what every path where a
// person's text meets a model or another person calls. Import this file,
// never another of the module's files.
//
//   checkInput(ctx, {text, userId, source, locale, mode?})  before any model is asked (mode 'flag': record only)
//   requireSafe(ctx, {text, userId, source})                 the same, refusing with a 400 for plain-reply paths
//   outputGuard(ctx, {userId, source, locale, messageId})   wraps a streaming answer
//   chatSource(ctx, chat)                                   which path a chat question came by
// The built-in list a new install starts with (its migration seeds it).
export { BUILTIN_WORDS } from './builtin-words.js';
export { chatSource } from './chat-source.js';
export { checkInput, PASS, requireSafe, type CheckRequest, type SafetyVerdict } from './check.js';
export type { SafetySource } from './events.js';
export { outputGuard, type OutputBlock, type OutputGuard } from './output-guard.js';
export { safetyRoutes } from './routes.js';
