// Managers' sign-on settings (school administration, admin right); the
// bodies and answers are in admin-schemas.ts:
//   GET    /course/admin/sign-on/providers       → providers without their secrets (only hasSecret)
//   POST   /course/admin/sign-on/providers       {kind: oidc|cas|ldap, name, enabled, settings, rules, secret?, passwordSignIn?}
//   PUT    /course/admin/sign-on/providers/:id   same (the kind stays); an omitted secret keeps the stored one
//   DELETE /course/admin/sign-on/providers/:id
//   POST   /course/admin/sign-on/providers/:id/sync  a directory's (LDAP) sync now → {checked, disabled}
//   POST   /course/admin/sign-on/try             {rules, claims, kind?} → what a sign-in with those claims would give
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { ok, okResponse } from '../../http/envelope.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { adminOnly } from '../admin/index.js';
import { recordOperation } from '../records/index.js';
import { IdParams, OverviewSchema, ProviderBody, type ProviderInput, SyncResultSchema, TryBody, TryResultSchema } from './admin-schemas.js';
import { syncDirectory } from './directory-sync.js';
import { DEFAULT_RULES, mapIdentity, type MappingRules } from './mapping.js';
import { CAS_USER_CLAIM, findProvider, issuerProblem, listProviders, type OidcSettings, secretAddress, secretBoxOf } from './providers.js';
import { deleteProvider, insertProvider, listStoredProviders, updateProvider } from './store.js';

function checkSettings(input: ProviderInput): void {
  const directory = input.kind === 'ldap';
  const scheme = input.settings.issuer.trim().split(':')[0]!.toLowerCase();
  if (directory) {
    if (issuerProblem(input.settings.issuer) || !scheme.startsWith('ldap')) throw badRequest('目录地址须为 ldaps://（仅本机地址可用 ldap://）');
    if (!input.settings.baseDn?.trim()) throw badRequest('LDAP 须填写查找范围');
    return;
  }
  if (issuerProblem(input.settings.issuer) || !scheme.startsWith('http')) throw badRequest('签发方地址须为 https://（仅本机地址可用 http://）');
  if (input.kind === 'oidc' && !input.settings.clientId.trim()) throw badRequest('OpenID Connect 须填写客户端 ID');
}

/** The settings kept for a kind: the directory's fields only for LDAP, trimmed. */
function settingsOf(input: ProviderInput): OidcSettings {
  const { issuer, clientId, scopes, baseDn, bindDn, userAttribute } = input.settings;
  const common = { issuer: issuer.trim(), clientId: input.kind === 'oidc' ? clientId.trim() : '', scopes: input.kind === 'oidc' ? scopes.trim() : '' };
  if (input.kind !== 'ldap') return common;
  return { ...common, baseDn: baseDn?.trim() ?? '', bindDn: bindDn?.trim() ?? '', userAttribute: userAttribute?.trim() || 'uid' };
}

/** The subject a sign-in with these claims would have: OIDC's `sub`, the CAS user, the LDAP entry's DN. */
function sampleSubject(kind: ProviderInput['kind'] | undefined, claims: Record<string, unknown>): string {
  const key = kind === 'cas' ? CAS_USER_CLAIM : kind === 'ldap' ? 'dn' : 'sub';
  return String(claims[key] ?? claims.sub ?? '');
}

async function overview(ctx: ServerContext) {
  const providers = await listProviders(ctx);
  const stored = new Map((await listStoredProviders(ctx.db)).map((p) => [p.id, p]));
  return {
    encrypts: secretBoxOf(ctx).encrypts,
    providers: providers.map((p) => ({
      id: p.id,
      kind: p.kind,
      name: p.name,
      enabled: p.enabled,
      fromEnv: p.fromEnv,
      settings: p.settings,
      rules: p.rules,
      passwordSignIn: !p.passwordSignInOff,
      hasSecret: p.fromEnv ? p.secret !== '' : (stored.get(p.id)?.secret ?? '') !== '',
      loginUrl: `/new-chat/app/api/oauth/${p.id}/login`,
    })),
  };
}

function configOf(input: ProviderInput) {
  return { settings: settingsOf(input), rules: input.rules, passwordSignInOff: input.passwordSignIn === false };
}

function sealed(ctx: ServerContext, input: ProviderInput, previous: string, previousAddress: string | null): string {
  const address = secretAddress(input.kind, settingsOf(input));
  if (input.secret !== undefined) return secretBoxOf(ctx).seal(input.secret, address);
  // Kept only for the address it was given for (secrets follow their address).
  if (previousAddress === address) return previous;
  return '';
}

export const signonAdminRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);
  const audit = (request: Parameters<typeof recordOperation>[1], id: string, name: string, summary: string) =>
    recordOperation(ctx, request, { action: 'settings', objectType: 'identity_provider', objectId: id, objectName: name, summary });

  const answers = { response: okResponse(OverviewSchema) };

  app.get('/course/admin/sign-on/providers', { ...admins, schema: answers }, async () => ok(await overview(ctx)));

  app.post('/course/admin/sign-on/providers', { ...admins, schema: { body: ProviderBody, ...answers } }, async (request) => {
    const input = request.body;
    checkSettings(input);
    const id = newId();
    await insertProvider(
      ctx.db,
      {
        id,
        kind: input.kind,
        name: input.name.trim(),
        config: configOf(input),
        secret: sealed(ctx, input, '', null),
        enabled: input.enabled,
      },
      ctx.now(),
    );
    await audit(request, id, input.name, `添加登录方式（${input.settings.issuer}）`);
    return ok(await overview(ctx), '已保存');
  });

  app.put('/course/admin/sign-on/providers/:id', { ...admins, schema: { params: IdParams, body: ProviderBody, ...answers } }, async (request) => {
    const input = request.body;
    checkSettings(input);
    const existing = (await listStoredProviders(ctx.db)).find((p) => p.id === request.params.id);
    if (!existing) throw notFound('没有这种登录方式');
    if (existing.kind !== input.kind) throw badRequest('登录方式的类型不能更改');
    const before = (existing.config as { settings?: OidcSettings }).settings;
    const secret = sealed(ctx, input, existing.secret, before ? secretAddress(existing.kind, before) : null);
    await updateProvider(ctx.db, existing.id, { name: input.name.trim(), config: configOf(input), secret, enabled: input.enabled }, ctx.now());
    await audit(request, existing.id, input.name, input.enabled ? '修改登录方式' : '停用登录方式');
    return ok(await overview(ctx), '已保存');
  });

  app.delete('/course/admin/sign-on/providers/:id', { ...admins, schema: { params: IdParams, ...answers } }, async (request) => {
    const existing = (await listStoredProviders(ctx.db)).find((p) => p.id === request.params.id);
    if (!existing || !(await deleteProvider(ctx.db, existing.id))) throw notFound('没有这种登录方式');
    await audit(request, existing.id, existing.name, '删除登录方式');
    return ok(await overview(ctx), '已删除');
  });

  // The scheduled sync, run now: a manager who just disabled someone at the school need not wait for it.
  app.post('/course/admin/sign-on/providers/:id/sync', { ...admins, schema: { params: IdParams, response: okResponse(SyncResultSchema) } }, async (request) => {
    const provider = await findProvider(ctx, request.params.id);
    if (!provider || provider.kind !== 'ldap' || !provider.enabled) throw notFound('没有这种登录方式');
    try {
      return ok(await syncDirectory(ctx, provider), '已同步');
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'directory sync failed');
      throw new ApiError(502, '目录暂时无法访问，没有更改任何账号');
    }
  });

  app.post(
    '/course/admin/sign-on/try',
    { ...admins, schema: { body: TryBody, response: okResponse(TryResultSchema) }, config: { record: false } },
    async (request) => {
      const rules: MappingRules = { ...DEFAULT_RULES, ...request.body.rules };
      return ok(mapIdentity(sampleSubject(request.body.kind, request.body.claims), request.body.claims, rules));
    },
  );
};
