// Portal pages, relative to /new-chat. See docs/api/embed.md.
//   GET /app/api/portal/{slug}     public: what the page shows
//   GET /app/user/portal/{slug}    managers (client type 2): the settings
//   PUT /app/user/portal/{slug}    managers: save {title, subtitle?, banner?, assistantIds?, courseIds?, links?, embedKeyId?}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { Id } from '../chat/index.js';
import { MAX_FEATURED, portalSettings, publicPortal, updatePortal } from './service.js';

const SlugParams = Type.Object({
  slug: Type.Union([Type.Literal('portal'), Type.Literal('mainPortal'), Type.Literal('secondIndustryPortal')], { title: '门户' }),
});

const PortalBody = Type.Object(
  {
    title: Type.String({ title: '标题', maxLength: 60 }),
    subtitle: Type.Optional(Type.String({ title: '副标题', maxLength: 200 })),
    banner: Type.Optional(Type.String({ title: '横幅图片', maxLength: 500 })),
    assistantIds: Type.Optional(Type.Array(Id('助手'), { title: '推荐助手', maxItems: MAX_FEATURED })),
    courseIds: Type.Optional(Type.Array(Id('课程'), { title: '推荐课程', maxItems: MAX_FEATURED })),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          { title: Type.String({ title: '链接名称', maxLength: 40 }), url: Type.String({ title: '链接地址', maxLength: 500 }) },
          { additionalProperties: false },
        ),
        { title: '常用链接', maxItems: MAX_FEATURED },
      ),
    ),
    embedKeyId: Type.Optional(Type.Union([Type.String({ title: '嵌入密钥', maxLength: 80 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const portalsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const managers = { preHandler: [app.requireUser, requireClientType('2')] };

  app.get('/app/api/portal/:slug', { schema: { params: SlugParams } }, async (request) => ok(await publicPortal(ctx, request.params.slug)));

  app.get('/app/user/portal/:slug', { ...managers, schema: { params: SlugParams } }, async (request) => ok(await portalSettings(ctx, request.params.slug)));

  app.put('/app/user/portal/:slug', { ...managers, schema: { params: SlugParams, body: PortalBody } }, async (request) =>
    ok(await updatePortal(ctx, currentUser(request).id, request.params.slug, request.body), '门户已保存'),
  );
};
