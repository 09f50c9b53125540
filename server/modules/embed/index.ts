// The embed module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { findKey } from './store.js';
export { groundAsKeyOwner } from './grounding.js';
export { seedDemoEmbedKeys } from './demo-keys.js';
