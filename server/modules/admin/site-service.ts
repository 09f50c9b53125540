// Site settings in school administration: the title, the two logos, the
// login-page notice, and the agreements. What the public calls of SPEC §7
// serve (GET /app/api/home/config, /app/api/content/agreement/:id).
import type { ServerContext } from '../../context.js';
import { ASSETS_PREFIX, DEFAULT_SITE } from '../../db/seed-content.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type Agreement, findAgreement, findSiteSettings, type SiteSettings } from '../content/index.js';
import { FILE_URL_PREFIX, findFile, publishFile } from '../uploads/index.js';
import { hasControlChars } from '../../../shared/control-chars.js';

export interface SiteAdminView extends SiteSettings {
  agreements: Agreement[];
}

/** The agreements a school edits: the user agreement and the privacy policy. */
export const AGREEMENT_IDS = ['1', '2'] as const;

export async function readSite(ctx: ServerContext): Promise<SiteAdminView> {
  const settings = (await findSiteSettings(ctx.db)) ?? { ...DEFAULT_SITE, loginNotice: '' };
  const agreements = (await Promise.all(AGREEMENT_IDS.map((id) => findAgreement(ctx.db, id)))).filter((a): a is Agreement => a !== null);
  return { ...settings, agreements };
}

/**
 * A logo is one of the product's own images, or an image the manager uploaded
 * (made public here, as an avatar is); '' goes back to the product default.
 */
async function checkLogo(ctx: ServerContext, user: AuthUser, url: string, fallback: string): Promise<string> {
  const value = url.trim();
  if (!value) return fallback;
  if (value.startsWith(ASSETS_PREFIX) && /^[\w./-]+$/u.test(value) && !value.includes('..')) return value;
  const id = value.startsWith(FILE_URL_PREFIX) ? value.slice(FILE_URL_PREFIX.length) : '';
  const file = id ? await findFile(ctx.db, id) : null;
  if (!file || file.ownerId !== user.id) throw badRequest('标志需先通过上传接口上传图片，再使用返回的 url');
  if (!file.mime.startsWith('image/')) throw badRequest('标志必须是图片（png、jpg、gif、svg 或 webp）');
  if (file.visibility !== 'public') await publishFile(ctx.db, id);
  return FILE_URL_PREFIX + id;
}

export interface SiteChanges {
  siteTitle?: string;
  siteLogo?: string;
  textLogo?: string;
  loginNotice?: string;
}

export async function updateSite(ctx: ServerContext, user: AuthUser, changes: SiteChanges): Promise<{ site: SiteAdminView; changed: string[] }> {
  const set: Record<string, string> = {};
  if (changes.siteTitle !== undefined) {
    const title = changes.siteTitle.trim();
    if (!title) throw badRequest('站点标题不能为空');
    if (hasControlChars(title)) throw badRequest('站点标题不能包含换行等控制字符');
    set.site_title = title;
  }
  if (changes.siteLogo !== undefined) set.site_logo = await checkLogo(ctx, user, changes.siteLogo, DEFAULT_SITE.siteLogo);
  if (changes.textLogo !== undefined) set.text_logo = await checkLogo(ctx, user, changes.textLogo, DEFAULT_SITE.textLogo);
  if (changes.loginNotice !== undefined) set.login_notice = changes.loginNotice.trim();
  const school = await ctx.db.selectFrom('schools').select('id').orderBy('created_at').limit(1).executeTakeFirst();
  if (!school) throw notFound('学校尚未初始化，请先启动一次服务');
  if (Object.keys(set).length)
    await ctx.db
      .updateTable('schools')
      .set({ ...set, updated_at: ctx.now() })
      .where('id', '=', school.id)
      .execute();
  return { site: await readSite(ctx), changed: Object.keys(set) };
}

export async function updateAgreement(ctx: ServerContext, id: string, changes: { title?: string; content: string }): Promise<Agreement> {
  const existing = await findAgreement(ctx.db, id);
  if (!existing) throw notFound('协议不存在');
  const title = changes.title?.trim() ?? existing.title;
  if (!title || hasControlChars(title)) throw badRequest('协议标题不能为空，也不能包含换行');
  if (!changes.content.trim()) throw badRequest('协议内容不能为空');
  await ctx.db.updateTable('agreements').set({ title, content: changes.content, updated_at: ctx.now() }).where('id', '=', id).execute();
  return (await findAgreement(ctx.db, id))!;
}
