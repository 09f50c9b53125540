// Public content calls (SPEC §7), no sign-in needed. Paths relative to /new-chat.
//   GET /app/api/home/config            → {baseInfo: {siteTitle, siteLogo, textLogo, loginNotice}, smsSignIn}
//   GET /app/api/dict/select/:id        → [{label, value}]
//   GET /app/api/content/agreement/:id  → {id, title, content (markdown), updatedAt}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { DEFAULT_SITE } from '../../db/seed-content.js';
import { localizedName } from '../../i18n/install.js';
import { smsDelivers } from '../sms/index.js';
import { agreement, dictionary, homeConfig } from './service.js';

const IdParams = (title: string) => Type.Object({ id: Type.String({ title, minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }) });

export const contentRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.get('/app/api/home/config', async (request) => {
    const { baseInfo } = await homeConfig(ctx.db);
    // Only the title a new installation starts with is ours to translate; a school's own title is its name.
    const siteTitle = baseInfo.siteTitle === DEFAULT_SITE.siteTitle ? localizedName(request, baseInfo.siteTitle) : baseInfo.siteTitle;
    // smsSignIn: whether a phone code reaches anyone, so the login page offers only what works.
    return ok({ baseInfo: { ...baseInfo, siteTitle }, smsSignIn: smsDelivers(ctx.config.env) });
  });

  app.get('/app/api/dict/select/:id', { schema: { params: IdParams('字典 id') } }, async (request) => ok(await dictionary(ctx.db, request.params.id)));

  app.get('/app/api/content/agreement/:id', { schema: { params: IdParams('协议 id') } }, async (request) => ok(await agreement(ctx.db, request.params.id)));
};
