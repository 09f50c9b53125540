// What other areas use from the knowledge library: the dataset check for
// assistants and courses (a user may only pick datasets they may read).
export { checkDatasetIds } from './access.js';
export { seedDemoDataset } from './demo-dataset.js';
// What the module wiring (server/modules/index.ts) uses.
export { knowledgeRoutes } from './routes.js';
export { createKnowledgeRuntime, type KnowledgeRuntime } from './runtime.js';
export { createRetriever } from './service.js';
export { requireReadableDataset } from './access.js';
export { readIndexLimits } from './index-limits.js';
export { parseInWorker, IndexFailure } from './parse-in-worker.js';
export { fileTextInWorker, measuredFileTextInWorker, unreadableReason } from './file-text.js';
export { documentChunkContents, findDocument } from './store.js';
export { parserFor } from './parsers/index.js';
export { decodeTextHead } from './parsers/text.js';
