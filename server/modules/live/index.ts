// The live module's public face: live sessions in class (docs/live.md).
export { liveRoutes } from './routes.js';
