// Managers' LTI settings (school administration, admin right); docs/api/lti.md:
//   GET    /course/admin/lti/platforms                              → the tool's addresses and the platforms
//   POST   /course/admin/lti/platforms                              register a platform
//   PUT    /course/admin/lti/platforms/:id                          change it
//   DELETE /course/admin/lti/platforms/:id
//   POST   /course/admin/lti/platforms/:id/contexts/:contextId/roster  import an LMS course's roster into its class now
//   POST   /course/admin/lti/platforms/:id/links                    {subject, username}: this LMS person is that account
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { ok, okResponse } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findUserByUsername, normalizeUsername } from '../account/index.js';
import { adminOnly } from '../admin/index.js';
import { recordOperation } from '../records/index.js';
import { findLink, linkedToProvider, publicOrigin, saveLink } from '../signon/index.js';
import { sourceOf } from './people.js';
import { importRoster } from './roster.js';
import { ContextParams, IdParams, LinkBody, OverviewSchema, PlatformBody, RosterSchema, type PlatformInputBody } from './schemas.js';
import { deletePlatform, findPlatform, insertPlatform, listPlatforms, updatePlatform, type PlatformInput } from './store.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https://, or http:// on a loopback address only (tests, a local trial); null when unusable. */
function address(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    if (url.username || url.password) return null;
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url;
  } catch {
    // not a URL
  }
  return null;
}

function platformInput(body: PlatformInputBody): PlatformInput {
  const urls = [body.issuer, body.authLoginUrl, body.tokenUrl, body.jwksUrl].map(address);
  if (urls.some((u) => u === null)) throw badRequest('平台地址须为 https://（仅本机地址可用 http://）');
  const frame = address(body.frameOrigin?.trim() || body.issuer);
  if (!frame) throw badRequest('平台地址须为 https://（仅本机地址可用 http://）');
  const deploymentIds = [...new Set(body.deploymentIds.map((d) => d.trim()).filter(Boolean))];
  if (deploymentIds.length === 0) throw badRequest('至少填写一个部署 ID');
  return {
    name: body.name.trim(),
    issuer: body.issuer.trim(),
    clientId: body.clientId.trim(),
    deploymentIds,
    authLoginUrl: body.authLoginUrl.trim(),
    tokenUrl: body.tokenUrl.trim(),
    jwksUrl: body.jwksUrl.trim(),
    frameOrigin: frame.origin,
    enabled: body.enabled,
  };
}

async function overview(ctx: ServerContext, request: FastifyRequest) {
  const base = `${publicOrigin(ctx, request)}/new-chat/app/api/lti`;
  return {
    tool: { loginUrl: `${base}/login`, launchUrl: `${base}/launch`, jwksUrl: `${base}/jwks`, deepLinkingUrl: `${base}/launch` },
    platforms: (await listPlatforms(ctx.db)).map(({ createdAt: _createdAt, ...p }) => p),
  };
}

function isDuplicate(error: unknown): boolean {
  return /unique|duplicate/iu.test(error instanceof Error ? error.message : '');
}

export const ltiAdminRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);
  const audit = (request: FastifyRequest, id: string, name: string, summary: string) =>
    recordOperation(ctx, request, { action: 'settings', objectType: 'lti_platform', objectId: id, objectName: name, summary });
  const response = okResponse(OverviewSchema);

  app.get('/course/admin/lti/platforms', { ...admins, schema: { response } }, async (request) => ok(await overview(ctx, request)));

  app.post('/course/admin/lti/platforms', { ...admins, schema: { body: PlatformBody, response } }, async (request) => {
    const input = platformInput(request.body);
    const id = newId();
    try {
      await insertPlatform(ctx.db, id, input, ctx.now());
    } catch (error) {
      if (isDuplicate(error)) throw badRequest('这个平台的这个客户端 ID 已经登记过');
      throw error;
    }
    await audit(request, id, input.name, `登记 LTI 平台（${input.issuer}）`);
    return ok(await overview(ctx, request), '已保存');
  });

  app.put('/course/admin/lti/platforms/:id', { ...admins, schema: { params: IdParams, body: PlatformBody, response } }, async (request) => {
    const input = platformInput(request.body);
    try {
      if (!(await updatePlatform(ctx.db, request.params.id, input, ctx.now()))) throw notFound('没有这个 LTI 平台');
    } catch (error) {
      if (isDuplicate(error)) throw badRequest('这个平台的这个客户端 ID 已经登记过');
      throw error;
    }
    await audit(request, request.params.id, input.name, input.enabled ? '修改 LTI 平台' : '停用 LTI 平台');
    return ok(await overview(ctx, request), '已保存');
  });

  app.delete('/course/admin/lti/platforms/:id', { ...admins, schema: { params: IdParams, response } }, async (request) => {
    const platform = await findPlatform(ctx.db, request.params.id);
    if (!platform || !(await deletePlatform(ctx.db, platform.id))) throw notFound('没有这个 LTI 平台');
    await audit(request, platform.id, platform.name, '删除 LTI 平台');
    return ok(await overview(ctx, request), '已删除');
  });

  app.post(
    '/course/admin/lti/platforms/:id/contexts/:contextId/roster',
    { ...admins, schema: { params: ContextParams, response: okResponse(RosterSchema) } },
    async (request) => {
      const platform = await findPlatform(ctx.db, request.params.id);
      if (!platform) throw notFound('没有这个 LTI 平台');
      try {
        return ok(await importRoster(ctx, request, platform, request.params.contextId));
      } catch (error) {
        request.log.warn({ err: error, platformId: platform.id }, 'LTI roster import failed');
        throw badRequest('没能从平台读取名单，请稍后再试');
      }
    },
  );

  // A manager says who an LMS person is (an account made before the school used the LMS): an explicit link, never a guess.
  app.post('/course/admin/lti/platforms/:id/links', { ...admins, schema: { params: IdParams, body: LinkBody } }, async (request) => {
    const platform = await findPlatform(ctx.db, request.params.id);
    if (!platform) throw notFound('没有这个 LTI 平台');
    const user = await findUserByUsername(ctx.db, normalizeUsername(request.body.username));
    if (!user) throw notFound('没有这个账号');
    const source = sourceOf(platform);
    const subject = request.body.subject.trim();
    const current = await findLink(ctx.db, source.id, subject);
    if (current && current.userId !== user.id) throw badRequest('这个平台用户已关联到另一个账号');
    if (!current && (await linkedToProvider(ctx.db, source.id, user.id))) throw badRequest('这个账号已关联到这个平台的另一个用户');
    await saveLink(ctx.db, { providerId: source.id, subject, userId: user.id, number: '', email: '' }, ctx.now());
    await recordOperation(ctx, request, {
      action: 'link',
      objectType: 'user',
      objectId: user.id,
      objectName: user.username,
      summary: `关联到 LTI 平台“${platform.name}”的用户 ${subject}`,
    });
    return ok(null, '已关联');
  });
};
