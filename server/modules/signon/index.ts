// The sign-on module's public face: what other modules may use.
export { signonRoutes } from './routes.js';
export { signonAdminRoutes } from './admin-routes.js';
export { passwordSignInPolicy } from './providers.js';
// LTI launches sign people in through the same steps and hand-off (server/modules/lti).
export { ensureIdentity, signInIdentity, SignonRefused, type SignonRefusal, type SignonSource } from './signin.js';
export { issueTicket } from './handoff.js';
export { DEFAULT_RULES, type MappedIdentity } from './mapping.js';
export { findLink, linkedToProvider, linksOf, saveLink } from './store.js';
export { publicOrigin } from './routes.js';
