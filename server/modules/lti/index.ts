// The LTI module's public face: Zhixue as an LTI 1.3 Advantage tool inside a school's LMS.
export { ltiRoutes } from './routes.js';
export { ltiAdminRoutes } from './admin-routes.js';
export { ltiFormTargets, ltiFrameAncestors } from './frame.js';
export { gradePosting } from './grades.js';
