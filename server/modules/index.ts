// The API modules, each registered under /new-chat with the server context,
// and the one place where modules are wired to each other: what one module
// offers the others through the shared context (the knowledge retriever) is
// made here, before any module registers, so the order of the list below does
// not matter. A new area adds its routes plugin to the list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleOptions, ServerContext } from '../context.js';
import { accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { assistantsRoutes } from './assistants/routes.js';
import { chatRoutes } from './chat/routes.js';
import { classesRoutes } from './classes/routes.js';
import { contentRoutes } from './content/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { embedRoutes } from './embed/routes.js';
import { recordsRoutes } from './records/routes.js';
import { boardRoutes } from './board/routes.js';
import { questionBankRoutes } from './evaluation/bank-routes.js';
import { courseEvaluationRoutes } from './evaluation/course-evaluation-routes.js';
import { evaluationRoutes } from './evaluation/routes.js';
import { generationsRoutes } from './generations/routes.js';
import { healthRoutes } from './health/routes.js';
import { placementsRoutes } from './placements/index.js';
import { portalsRoutes } from './portals/routes.js';
import { createKnowledgeRuntime, createRetriever, knowledgeRoutes } from './knowledge/index.js';
import { groundAsKeyOwner } from './embed/index.js';
import { liveRoutes } from './live/index.js';
import { gradePosting, ltiAdminRoutes, ltiRoutes } from './lti/index.js';
import { mindMapRoutes } from './mindmaps/routes.js';
import { practiceRoutes } from './practice/routes.js';
import { quotaRoutes } from './quota/routes.js';
import { redemptionRoutes } from './quota/redemption-routes.js';
import { smsRoutes } from './sms/routes.js';
import { passwordSignInPolicy, signonAdminRoutes, signonRoutes } from './signon/index.js';
import { ordersRoutes } from './orders/routes.js';
import { resourcesRoutes } from './resources/routes.js';
import { safetyRoutes } from './safety/index.js';
import { uploadsRoutes } from './uploads/routes.js';

export function wireModules(ctx: ServerContext, log: FastifyBaseLogger): ReadonlyArray<FastifyPluginAsyncTypebox<ModuleOptions>> {
  const knowledge = createKnowledgeRuntime(ctx, log);
  // Embed visitors have no account: their questions are grounded as the key's owner.
  ctx.knowledge = groundAsKeyOwner(ctx.db, createRetriever(ctx, knowledge));
  // Accounts from a provider that turns password sign-in off sign in through it only.
  ctx.passwordSignIn = passwordSignInPolicy(ctx);
  // Released evaluation scores go to the LMS gradebooks whose links open them.
  const grades = gradePosting(ctx, log);
  ctx.resultsReleased = grades.listener;
  return [
    healthRoutes,
    accountRoutes,
    signonRoutes,
    signonAdminRoutes,
    ltiRoutes(grades),
    ltiAdminRoutes,
    contentRoutes,
    uploadsRoutes,
    knowledgeRoutes(knowledge),
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
    mindMapRoutes,
    liveRoutes,
    recordsRoutes,
    boardRoutes,
    generationsRoutes,
    quotaRoutes,
    redemptionRoutes,
    smsRoutes,
    ordersRoutes,
    adminRoutes,
    safetyRoutes,
    placementsRoutes,
  ];
}
