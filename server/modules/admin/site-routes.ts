// Site settings in school administration, relative to /new-chat (a manager
// holding the admin right; others get 403). The public home-config and
// agreement calls serve what is saved here.
//   GET /course/admin/site                → {siteTitle, siteLogo, textLogo, loginNotice, agreements: [{id, title, content, updatedAt}]}
//   PUT /course/admin/site                {siteTitle?, siteLogo?, textLogo?, loginNotice?} → same
//   PUT /course/admin/agreements/:id      (1 user agreement, 2 privacy policy) {title?, content} → {id, title, content, updatedAt}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { recordAdminAction } from './audit.js';
import { adminOnly } from './guard.js';
import { readSite, updateAgreement, updateSite } from './site-service.js';

const SiteBody = Type.Object(
  {
    siteTitle: Type.Optional(Type.String({ title: '站点标题', maxLength: 80 })),
    siteLogo: Type.Optional(Type.String({ title: '站点标志', maxLength: 512 })),
    textLogo: Type.Optional(Type.String({ title: '文字标志', maxLength: 512 })),
    loginNotice: Type.Optional(Type.String({ title: '登录页公告', maxLength: 2_000 })),
  },
  { additionalProperties: false },
);
const AgreementParams = Type.Object({ id: Type.Union([Type.Literal('1'), Type.Literal('2')], { title: '协议 id' }) });
const AgreementBody = Type.Object(
  {
    title: Type.Optional(Type.String({ title: '协议标题', minLength: 1, maxLength: 80 })),
    content: Type.String({ title: '协议内容', minLength: 1, maxLength: 200_000 }),
  },
  { additionalProperties: false },
);

export const siteRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);

  app.get('/course/admin/site', admins, async () => ok(await readSite(ctx)));

  app.put('/course/admin/site', { ...admins, schema: { body: SiteBody } }, async (request) => {
    const { site, changed } = await updateSite(ctx, currentUser(request), request.body);
    await recordAdminAction(ctx, request, { action: 'settings', objectType: 'site', summary: changed.join(', ') });
    return ok(site, '已保存');
  });

  app.put('/course/admin/agreements/:id', { ...admins, schema: { params: AgreementParams, body: AgreementBody } }, async (request) => {
    const agreement = await updateAgreement(ctx, request.params.id, request.body);
    await recordAdminAction(ctx, request, { action: 'settings', objectType: 'agreement', objectId: agreement.id, objectName: agreement.title });
    return ok(agreement, '已保存');
  });
};
