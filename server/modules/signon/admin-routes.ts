// Managers' sign-on settings (school administration, admin right):
//   GET    /course/admin/sign-on/providers       → providers without their secrets
//   POST   /course/admin/sign-on/providers       {kind, name, enabled, settings, rules, secret?}
//   PUT    /course/admin/sign-on/providers/:id   same; an omitted secret keeps the stored one
//   DELETE /course/admin/sign-on/providers/:id
//   POST   /course/admin/sign-on/try             {rules, claims} → what a sign-in with those claims would give
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { adminOnly } from '../admin/index.js';
import { recordOperation } from '../records/index.js';
import { DEFAULT_RULES, LINK_BY, mapIdentity, type MappingRules } from './mapping.js';
import { issuerProblem, listProviders, type OidcSettings, secretAddress, secretBoxOf } from './providers.js';
import { deleteProvider, insertProvider, listStoredProviders, updateProvider } from './store.js';

const ClientTypeSchema = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { title: '身份' });
const Claim = (title: string) => Type.String({ title, maxLength: 128 });
const RulesSchema = Type.Object(
  {
    roleClaim: Claim('身份声明'),
    roleMap: Type.Record(Type.String({ maxLength: 256 }), ClientTypeSchema, { title: '身份对应' }),
    usernameClaim: Claim('用户名声明'),
    nameClaim: Claim('姓名声明'),
    emailClaim: Claim('邮箱声明'),
    numberClaim: Claim('工号学号声明'),
    classClaim: Claim('班级声明'),
    activeClaim: Claim('启用状态声明'),
    linkBy: Type.Union(
      LINK_BY.map((v) => Type.Literal(v)),
      { title: '关联方式' },
    ),
  },
  { title: '对应规则', additionalProperties: false },
);
const SettingsSchema = Type.Object(
  {
    issuer: Type.String({ title: '签发方地址', minLength: 1, maxLength: 512 }),
    clientId: Type.String({ title: '客户端 ID', maxLength: 256 }),
    scopes: Type.String({ title: '授权范围', maxLength: 512 }),
  },
  { title: '连接设置', additionalProperties: false },
);
const ProviderBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('oidc'), Type.Literal('cas')], { title: '类型' }),
    name: Type.String({ title: '按钮名称', minLength: 1, maxLength: 40 }),
    enabled: Type.Boolean({ title: '启用' }),
    settings: SettingsSchema,
    rules: RulesSchema,
    secret: Type.Optional(Type.String({ title: '客户端密钥', maxLength: 1024 })),
    passwordSignIn: Type.Optional(Type.Boolean({ title: '允许密码登录' })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ title: '登录方式', maxLength: 64 }) });
const TryBody = Type.Object({ rules: RulesSchema, claims: Type.Record(Type.String({ maxLength: 128 }), Type.Unknown(), { title: '示例声明' }) });

type ProviderInput = Static<typeof ProviderBody>;

function checkSettings(input: ProviderInput): void {
  if (issuerProblem(input.settings.issuer)) throw badRequest('签发方地址须为 https://（仅本机地址可用 http://）');
  if (input.kind === 'oidc' && !input.settings.clientId.trim()) throw badRequest('OpenID Connect 须填写客户端 ID');
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
  return { settings: input.settings, rules: input.rules, passwordSignInOff: input.passwordSignIn === false };
}

function sealed(ctx: ServerContext, input: ProviderInput, previous: string, previousAddress: string | null): string {
  const address = secretAddress(input.kind, input.settings);
  if (input.secret !== undefined) return secretBoxOf(ctx).seal(input.secret, address);
  // Kept only for the address it was given for (secrets follow their address).
  if (previousAddress === address) return previous;
  return '';
}

export const signonAdminRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);
  const audit = (request: Parameters<typeof recordOperation>[1], id: string, name: string, summary: string) =>
    recordOperation(ctx, request, { action: 'settings', objectType: 'identity_provider', objectId: id, objectName: name, summary });

  app.get('/course/admin/sign-on/providers', admins, async () => ok(await overview(ctx)));

  app.post('/course/admin/sign-on/providers', { ...admins, schema: { body: ProviderBody } }, async (request) => {
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

  app.put('/course/admin/sign-on/providers/:id', { ...admins, schema: { params: IdParams, body: ProviderBody } }, async (request) => {
    const input = request.body;
    checkSettings(input);
    const existing = (await listStoredProviders(ctx.db)).find((p) => p.id === request.params.id);
    if (!existing) throw notFound('没有这种登录方式');
    const before = (existing.config as { settings?: OidcSettings }).settings;
    const secret = sealed(ctx, input, existing.secret, before ? secretAddress(existing.kind, before) : null);
    await updateProvider(ctx.db, existing.id, { name: input.name.trim(), config: configOf(input), secret, enabled: input.enabled }, ctx.now());
    await audit(request, existing.id, input.name, input.enabled ? '修改登录方式' : '停用登录方式');
    return ok(await overview(ctx), '已保存');
  });

  app.delete('/course/admin/sign-on/providers/:id', { ...admins, schema: { params: IdParams } }, async (request) => {
    const existing = (await listStoredProviders(ctx.db)).find((p) => p.id === request.params.id);
    if (!existing || !(await deleteProvider(ctx.db, existing.id))) throw notFound('没有这种登录方式');
    await audit(request, existing.id, existing.name, '删除登录方式');
    return ok(await overview(ctx), '已删除');
  });

  app.post('/course/admin/sign-on/try', { ...admins, schema: { body: TryBody }, config: { record: false } }, async (request) => {
    const rules: MappingRules = { ...DEFAULT_RULES, ...request.body.rules };
    const subject = String(request.body.claims.sub ?? '');
    return ok(mapIdentity(subject, request.body.claims, rules));
  });
};
