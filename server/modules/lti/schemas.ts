// Schemas of the managers' LTI calls: what a platform registration holds, and
// the replies, serialised from their schema so nothing undeclared leaves.
import { Type, type Static } from 'typebox';

const Address = (title: string) => Type.String({ title, minLength: 1, maxLength: 1024 });

export const PlatformBody = Type.Object(
  {
    name: Type.String({ title: '平台名称', minLength: 1, maxLength: 60 }),
    issuer: Address('平台签发方'),
    clientId: Type.String({ title: '客户端 ID', minLength: 1, maxLength: 256 }),
    deploymentIds: Type.Array(Type.String({ title: '部署 ID', minLength: 1, maxLength: 256 }), { title: '部署 ID', minItems: 1, maxItems: 50 }),
    authLoginUrl: Address('平台认证地址'),
    tokenUrl: Address('平台令牌地址'),
    jwksUrl: Address('平台公钥地址'),
    frameOrigin: Type.Optional(Type.String({ title: '可嵌入的平台地址', maxLength: 512 })),
    enabled: Type.Boolean({ title: '启用' }),
  },
  { additionalProperties: false },
);
export type PlatformInputBody = Static<typeof PlatformBody>;

export const PlatformSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  deploymentIds: Type.Array(Type.String()),
  authLoginUrl: Type.String(),
  tokenUrl: Type.String(),
  jwksUrl: Type.String(),
  frameOrigin: Type.String(),
  enabled: Type.Boolean(),
});

/** What a platform's administrator types in about us. */
export const ToolSchema = Type.Object({
  loginUrl: Type.String(),
  launchUrl: Type.String(),
  jwksUrl: Type.String(),
  deepLinkingUrl: Type.String(),
});

export const OverviewSchema = Type.Object({ tool: ToolSchema, platforms: Type.Array(PlatformSchema) });

export const IdParams = Type.Object({ id: Type.String({ title: '平台', pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
export const ContextParams = Type.Object({
  id: Type.String({ title: '平台', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  contextId: Type.String({ title: '平台课程', minLength: 1, maxLength: 255 }),
});

export const RosterSchema = Type.Object({
  classId: Type.String(),
  className: Type.String(),
  students: Type.Integer(),
  teachers: Type.Integer(),
  skipped: Type.Integer(),
  removed: Type.Integer(),
});

export const LinkBody = Type.Object(
  {
    subject: Type.String({ title: '平台用户 ID', minLength: 1, maxLength: 255 }),
    username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
