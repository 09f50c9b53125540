// The sign-on module's public face: what other modules may use.
export { signonRoutes } from './routes.js';
export { signonAdminRoutes } from './admin-routes.js';
export { passwordSignInPolicy } from './providers.js';
