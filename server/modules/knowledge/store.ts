// The knowledge module's SQL, one file per kind of row; imported from here as one store.
export * from './dataset-store.js';
export * from './document-store.js';
export * from './document-queue.js';
export * from './chunk-store.js';
