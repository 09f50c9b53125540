// What the managers' sign-on routes take and answer (TypeBox). The answer is
// serialised from ProviderViewSchema: a client secret or bind password has
// no field there, so it can never reach a browser (only `hasSecret`).
import { Type, type Static } from 'typebox';

const ClientTypeSchema = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { title: '身份' });
const Claim = (title: string) => Type.String({ title, maxLength: 128 });
const Kind = Type.Union([Type.Literal('oidc'), Type.Literal('cas'), Type.Literal('ldap')], { title: '类型' });

export const RulesSchema = Type.Object(
  {
    roleClaim: Claim('身份声明'),
    roleMap: Type.Record(Type.String({ maxLength: 256 }), ClientTypeSchema, { title: '身份对应' }),
    usernameClaim: Claim('用户名声明'),
    nameClaim: Claim('姓名声明'),
    emailClaim: Claim('邮箱声明'),
    numberClaim: Claim('工号学号声明'),
    classClaim: Claim('班级声明'),
    majorClaim: Type.Optional(Claim('专业声明')),
    activeClaim: Claim('启用状态声明'),
    linkBy: Type.Union([Type.Literal('none'), Type.Literal('username'), Type.Literal('number'), Type.Literal('email')], { title: '关联方式' }),
  },
  { title: '对应规则', additionalProperties: false },
);

const SettingsSchema = Type.Object(
  {
    issuer: Type.String({ title: '签发方地址', minLength: 1, maxLength: 512 }),
    clientId: Type.String({ title: '客户端 ID', maxLength: 256 }),
    scopes: Type.String({ title: '授权范围', maxLength: 512 }),
    baseDn: Type.Optional(Type.String({ title: '查找范围', maxLength: 512 })),
    bindDn: Type.Optional(Type.String({ title: '服务账号', maxLength: 512 })),
    userAttribute: Type.Optional(Type.String({ title: '用户名属性', maxLength: 128, pattern: '^[A-Za-z][A-Za-z0-9-]{0,127}$' })),
  },
  { title: '连接设置', additionalProperties: false },
);

export const ProviderBody = Type.Object(
  {
    kind: Kind,
    name: Type.String({ title: '按钮名称', minLength: 1, maxLength: 40 }),
    enabled: Type.Boolean({ title: '启用' }),
    settings: SettingsSchema,
    rules: RulesSchema,
    /** Write-only: the client secret (OIDC) or the service account's password (LDAP); omitted keeps the stored one. */
    secret: Type.Optional(Type.String({ title: '客户端密钥', maxLength: 1024 })),
    passwordSignIn: Type.Optional(Type.Boolean({ title: '允许密码登录' })),
  },
  { additionalProperties: false },
);
export type ProviderInput = Static<typeof ProviderBody>;

export const IdParams = Type.Object({ id: Type.String({ title: '登录方式', maxLength: 64 }) });

export const TryBody = Type.Object(
  {
    rules: RulesSchema,
    claims: Type.Record(Type.String({ maxLength: 128 }), Type.Unknown(), { title: '示例声明' }),
    kind: Type.Optional(Kind),
  },
  { additionalProperties: false },
);

const ProviderViewSchema = Type.Object({
  id: Type.String(),
  kind: Kind,
  name: Type.String(),
  enabled: Type.Boolean(),
  fromEnv: Type.Boolean(),
  settings: Type.Object({
    issuer: Type.String(),
    clientId: Type.String(),
    scopes: Type.String(),
    baseDn: Type.Optional(Type.String()),
    bindDn: Type.Optional(Type.String()),
    userAttribute: Type.Optional(Type.String()),
  }),
  rules: RulesSchema,
  passwordSignIn: Type.Boolean(),
  hasSecret: Type.Boolean(),
  loginUrl: Type.String(),
});

export const OverviewSchema = Type.Object({ encrypts: Type.Boolean(), providers: Type.Array(ProviderViewSchema) });

export const TryResultSchema = Type.Object({
  subject: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  number: Type.String(),
  clientTypes: Type.Array(ClientTypeSchema),
  classes: Type.Array(Type.String()),
  major: Type.String(),
  active: Type.Boolean(),
});

export const SyncResultSchema = Type.Object({ checked: Type.Integer(), disabled: Type.Integer() });
