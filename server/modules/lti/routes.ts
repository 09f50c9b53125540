// LTI 1.3 calls a platform (and the browser inside it) makes (docs/api/lti.md). Paths are relative to /new-chat.
//   GET  /app/api/lti/jwks          the tool's public keys (a JWKS document, not the envelope)
//   GET  /app/api/lti/login         OIDC login initiation (also POST, form-encoded) → 302 to the platform's auth URL
//   POST /app/api/lti/launch        the platform posts id_token and state → 302 into the host app, signed in;
//                                   a deep linking request shows the picker instead
//   POST /app/api/lti/deep-link     the picker's choice → a page posting the signed LtiDeepLinkingResponse back
//   GET  /app/api/lti/autopost.js   sends that page's form
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { readInteger } from '../../config.js';
import { withinLimit } from '../../coordination/index.js';
import type { ClientType } from '../../db/schema.js';
import { requestLocale } from '../../i18n/install.js';
import { sha256Hex } from '../../sha256-hex.js';
import { addCourseClass, isCourseTeacher } from '../courses/index.js';
import { issueTicket, publicOrigin, SignonRefused, type SignonRefusal } from '../signon/index.js';
import { choicesOf } from './choices.js';
import type { GradePosting } from './grades.js';
import { allowFraming, FRAME_PARAMETER } from './frame.js';
import { DEEP_LINKING, LaunchRefused, parseTarget, TARGET_PARAMETER, verifyLaunch, type Launch } from './launch.js';
import { publicKeySet, signToolJwt, verifyToolJwt } from './keys.js';
import { answerPage, AUTOPOST_SCRIPT, pickerPage } from './pages.js';
import { signInLmsPerson, sourceOf } from './people.js';
import { importRoster, joinContextClass } from './roster.js';
import { findContext, findPlatform, platformsOfIssuer, putState, saveContext, saveResourceLink, type Platform } from './store.js';
import { courseOfTarget, landingPath } from './targets.js';

const PREFIX = '/new-chat';
const STATE_TTL_MS = 10 * 60_000;
const PICKER_TTL_SECONDS = 30 * 60;
const PICKER_AUDIENCE = 'zhixue-deep-link';
/** Launch starts per address, as sign-on counts its starts. */
const LAUNCH_STARTS = { name: 'lti-login', points: 120, durationSeconds: 60, message: '登录尝试太多，请稍后再试' };

const LoginFields = Type.Object({
  iss: Type.String({ title: '签发方', minLength: 1, maxLength: 512 }),
  login_hint: Type.String({ title: '登录提示', minLength: 1, maxLength: 2048 }),
  target_link_uri: Type.Optional(Type.String({ title: '目标地址', maxLength: 2048 })),
  lti_message_hint: Type.Optional(Type.String({ title: '消息提示', maxLength: 4096 })),
  client_id: Type.Optional(Type.String({ title: '客户端 ID', maxLength: 256 })),
  lti_deployment_id: Type.Optional(Type.String({ title: '部署 ID', maxLength: 256 })),
});
const LaunchFields = Type.Object({
  id_token: Type.String({ title: 'ID 令牌', minLength: 1, maxLength: 65536 }),
  state: Type.String({ title: '状态', minLength: 1, maxLength: 512 }),
});
const DeepLinkFields = Type.Object({
  request: Type.String({ title: '请求', minLength: 1, maxLength: 16384 }),
  target: Type.String({ title: '所选内容', minLength: 1, maxLength: 200 }),
});

const launchUrl = (ctx: ServerContext, request: FastifyRequest) => `${publicOrigin(ctx, request)}${PREFIX}/app/api/lti/launch`;

function refuse(reply: FastifyReply, reason: SignonRefusal, platform: Platform | null) {
  const query = new URLSearchParams({ signon: reason });
  if (platform) query.set(FRAME_PARAMETER, platform.id);
  return reply.redirect(`/login?${query}`);
}

/** The one platform this login initiation names (its issuer, and client id when given), or null. */
async function platformOfLogin(ctx: ServerContext, fields: { iss: string; client_id?: string; lti_deployment_id?: string }): Promise<Platform | null> {
  const candidates = (await platformsOfIssuer(ctx.db, fields.iss)).filter((p) => p.enabled && (!fields.client_id || p.clientId === fields.client_id));
  if (candidates.length !== 1) return null;
  const platform = candidates[0]!;
  if (fields.lti_deployment_id && !platform.deploymentIds.includes(fields.lti_deployment_id)) return null;
  return platform;
}

/** The side a launch signs in on: teaching when the LMS says so, else learning, else the account's own. */
function sideOf(launch: Launch, defaultSide: ClientType): ClientType {
  if (launch.clientTypes.includes('1')) return '1';
  if (launch.clientTypes.includes('3')) return '3';
  return defaultSide;
}

/** ZX_LTI_ROSTER_REFRESH_MINUTES: a teacher's launch imports the roster again once the last import is this old (default 60; 0: every launch). */
function rosterRefreshMs(ctx: ServerContext): number {
  return readInteger(ctx.config.env, 'ZX_LTI_ROSTER_REFRESH_MINUTES', 60, 0, 7 * 24 * 60) * 60_000;
}

/** What a resource link launch keeps: the LMS course, its roster (a teacher's launch imports it, again when old), the link. */
async function keepLaunch(ctx: ServerContext, request: FastifyRequest, launch: Launch, userId: string, teacher: boolean): Promise<void> {
  if (!launch.context) return;
  const { platform } = launch;
  const contextId = launch.context.id;
  await saveContext(
    ctx.db,
    { platformId: platform.id, contextId, title: launch.context.title, membershipsUrl: launch.membershipsUrl, lineitemsUrl: launch.lineitemsUrl },
    ctx.now(),
  );
  const context = await findContext(ctx.db, platform.id, contextId);
  if (teacher && context?.membershipsUrl && (!context.classId || ctx.now() - context.rosterAt >= rosterRefreshMs(ctx))) {
    // A roster the platform will not give now is imported at a later launch (or by a manager); the launch goes on.
    await importRoster(ctx, request, platform, contextId).catch((err: unknown) =>
      request.log.warn({ err, platformId: platform.id }, 'LTI roster import failed'),
    );
  }
  await joinContextClass(ctx, platform, contextId, userId, teacher);
  if (launch.resourceLinkId && launch.target) {
    await saveResourceLink(
      ctx.db,
      {
        platformId: platform.id,
        resourceLinkId: launch.resourceLinkId,
        contextId,
        kind: launch.target.kind,
        targetId: launch.target.id,
        lineitemUrl: launch.lineitemUrl,
      },
      ctx.now(),
    );
  }
  // The LMS course's class studies the course its teacher placed there.
  const courseId = await courseOfTarget(ctx, launch.target);
  const classId = (await findContext(ctx.db, platform.id, contextId))?.classId;
  if (teacher && courseId && classId && (await isCourseTeacher(ctx, userId, courseId))) await addCourseClass(ctx.db, courseId, classId, ctx.now());
}

/** The routes, and the grade posting's sweep started and stopped with the app. */
export const ltiRoutes =
  (grades: GradePosting): FastifyPluginAsyncTypebox<ModuleOptions> =>
  async (app, { ctx }) => {
    app.addHook('onReady', async () => grades.start());
    app.addHook('onClose', async () => grades.stop());

    app.get('/app/api/lti/jwks', { config: { record: false } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/json').send(JSON.stringify(await publicKeySet(ctx)));
    });

    app.get('/app/api/lti/autopost.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(AUTOPOST_SCRIPT));

    // Platforms post their forms (login initiation, launch, the picker's choice) form-encoded.
    await app.register(async (plain) => {
      const forms = plain.withTypeProvider<TypeBoxTypeProvider>();
      forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      const login = async (request: FastifyRequest, reply: FastifyReply, fields: Static<typeof LoginFields>) => {
        await withinLimit(ctx.coordination, LAUNCH_STARTS, request.ip);
        reply.header('cache-control', 'no-store');
        const platform = await platformOfLogin(ctx, fields);
        if (!platform) return refuse(reply, 'failed', null);
        const state = randomBytes(24).toString('base64url');
        const nonce = randomBytes(24).toString('base64url');
        await putState(ctx.db, { id: sha256Hex(state), platformId: platform.id, nonce, expiresAt: ctx.now() + STATE_TTL_MS }, ctx.now());
        const auth = new URL(platform.authLoginUrl);
        const params = {
          scope: 'openid',
          response_type: 'id_token',
          response_mode: 'form_post',
          prompt: 'none',
          client_id: platform.clientId,
          redirect_uri: launchUrl(ctx, request),
          login_hint: fields.login_hint,
          state,
          nonce,
          ...(fields.lti_message_hint ? { lti_message_hint: fields.lti_message_hint } : {}),
        };
        for (const [key, value] of Object.entries(params)) auth.searchParams.set(key, value);
        return reply.redirect(auth.toString());
      };
      forms.get('/app/api/lti/login', { schema: { querystring: LoginFields }, config: { record: false } }, (request, reply) =>
        login(request, reply, request.query),
      );
      forms.post('/app/api/lti/login', { schema: { body: LoginFields }, config: { record: false } }, (request, reply) => login(request, reply, request.body));

      forms.post('/app/api/lti/launch', { schema: { body: LaunchFields }, config: { record: false } }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        let launch: Launch;
        try {
          launch = await verifyLaunch(ctx, request.body.id_token, request.body.state);
        } catch (error) {
          if (!(error instanceof LaunchRefused)) throw error;
          request.log.warn({ reason: error.message }, 'LTI launch refused');
          return refuse(reply, 'failed', error.platform);
        }
        const { platform } = launch;
        if (launch.messageType === DEEP_LINKING && !launch.clientTypes.includes('1')) return refuse(reply, 'no-role', platform);
        try {
          const person = { subject: launch.subject, name: launch.name, email: launch.email, clientTypes: launch.clientTypes };
          const user = await signInLmsPerson(ctx, request, platform, person);
          const side = sideOf(launch, user.defaultClientType);
          if (launch.messageType === DEEP_LINKING) {
            const picker = await signToolJwt(
              ctx,
              {
                aud: PICKER_AUDIENCE,
                sub: user.id,
                platformId: platform.id,
                deploymentId: launch.deploymentId,
                returnUrl: launch.deepLinking!.returnUrl,
                data: launch.deepLinking!.data,
              },
              PICKER_TTL_SECONDS,
            );
            allowFraming(request, platform.frameOrigin);
            return reply.type('text/html; charset=utf-8').send(pickerPage(requestLocale(request), picker, await choicesOf(ctx, user.id)));
          }
          await keepLaunch(ctx, request, launch, user.id, side === '1');
          const ticket = await issueTicket(ctx, { userId: user.id, clientType: side, providerId: sourceOf(platform).id, sessionIndex: '' });
          const redirect = await landingPath(ctx, launch.target, side, platform.id);
          return reply.redirect(`/login?${new URLSearchParams({ ticket, redirect, [FRAME_PARAMETER]: platform.id })}`);
        } catch (error) {
          if (error instanceof SignonRefused) return refuse(reply, error.reason, platform);
          throw error;
        }
      });

      forms.post('/app/api/lti/deep-link', { schema: { body: DeepLinkFields }, config: { record: false } }, async (request, reply) => {
        const claims = await verifyToolJwt(ctx, request.body.request, PICKER_AUDIENCE).catch(() => null);
        const platform = claims ? await findPlatform(ctx.db, String(claims.platformId)) : null;
        const target = parseTarget(request.body.target);
        if (!claims || !platform?.enabled || !target) return refuse(reply, 'failed', platform);
        const choice = (await choicesOf(ctx, String(claims.sub))).find((c) => c.kind === target.kind && c.id === target.id);
        if (!choice) return refuse(reply, 'failed', platform);
        const item = {
          type: 'ltiResourceLink',
          title: choice.title,
          url: launchUrl(ctx, request),
          custom: { [TARGET_PARAMETER]: `${choice.kind}:${choice.id}` },
          ...(choice.kind === 'evaluation' && choice.maxScore > 0
            ? { lineItem: { scoreMaximum: choice.maxScore, label: choice.title, resourceId: choice.id, tag: 'zhixue' } }
            : {}),
        };
        const returnUrl = String(claims.returnUrl);
        const jwt = await signToolJwt(
          ctx,
          {
            iss: platform.clientId,
            aud: platform.issuer,
            nonce: randomBytes(16).toString('base64url'),
            'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
            'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
            'https://purl.imsglobal.org/spec/lti/claim/deployment_id': String(claims.deploymentId),
            'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [item],
            ...(claims.data ? { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': String(claims.data) } : {}),
          },
          300,
        );
        allowFraming(request, platform.frameOrigin, [new URL(returnUrl).origin]);
        reply.header('cache-control', 'no-store');
        return reply.type('text/html; charset=utf-8').send(answerPage(requestLocale(request), returnUrl, jwt));
      });
    });
  };
