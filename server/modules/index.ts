// The API modules, each registered under /new-chat with the server context.
// A new area adds its routes plugin here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../context.js';
import { accountRoutes } from './account/routes.js';
import { assistantsRoutes } from './assistants/routes.js';
import { chatRoutes } from './chat/routes.js';
import { classesRoutes } from './classes/routes.js';
import { contentRoutes } from './content/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { embedRoutes } from './embed/routes.js';
import { questionBankRoutes } from './evaluation/bank-routes.js';
import { courseEvaluationRoutes } from './evaluation/course-evaluation-routes.js';
import { evaluationRoutes } from './evaluation/routes.js';
import { healthRoutes } from './health/routes.js';
import { portalsRoutes } from './portals/routes.js';
import { knowledgeRoutes } from './knowledge/routes.js';
import { practiceRoutes } from './practice/routes.js';
import { resourcesRoutes } from './resources/routes.js';
import { uploadsRoutes } from './uploads/routes.js';

export const apiModules: ReadonlyArray<FastifyPluginAsyncTypebox<ModuleOptions>> = [
  healthRoutes,
  accountRoutes,
  contentRoutes,
  uploadsRoutes,
  knowledgeRoutes,
  resourcesRoutes,
  chatRoutes,
  coursesRoutes,
  classesRoutes,
  assistantsRoutes,
  practiceRoutes,
  embedRoutes,
  portalsRoutes,
  evaluationRoutes,
  questionBankRoutes,
  courseEvaluationRoutes,
];
