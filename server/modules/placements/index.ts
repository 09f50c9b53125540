// The placements module's public face: what other modules may use.
export { placementsRoutes } from './routes.js';
