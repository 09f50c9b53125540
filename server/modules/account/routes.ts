// Account calls (SPEC §7). Paths are relative to /new-chat.
//   POST   /app/api/oauth/token             {username,password} or {phone,code} → {token, expiresIn}
//   GET    /app/api/oauth/token             refused: passwords never go in a URL
//   POST   /app/api/oauth/logout            revokes the presented token
//   DELETE /app/api/oauth/token             same as logout
//   GET    /app/user                        → Session
//   PUT    /app/user                        {nickname?, avatar?} → Session
//   PUT    /app/user/password/update        {oldPassword, newPassword}
//   GET    /course/app/api/teacher-switch   ?clientType → {token, expiresIn, clientType}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MIN_PASSWORD_LENGTH } from '../../config.js';
import type { ModuleOptions } from '../../context.js';
import { MISSING_TOKEN_MESSAGE, bearerToken, currentUser } from '../../http/auth.js';
import { ok, okResponse } from '../../http/envelope.js';
import { SessionSchema, SwitchSchema, TokenSchema } from './response-schemas.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { knownDevice, rememberDevice } from './login-devices.js';
import { normalizeUsername } from './store.js';
import { phoneSignInHook } from '../sms/index.js';
import { changePassword, getSession, login, logout, switchClientType, updateProfile } from './service.js';

const LoginBody = Type.Object({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 256 }),
});

const ProfileBody = Type.Object(
  {
    nickname: Type.Optional(Type.String({ title: '昵称', minLength: 1, maxLength: 32 })),
    avatar: Type.Optional(Type.Union([Type.String({ title: '头像', maxLength: 512 }), Type.Null()], { title: '头像' })),
  },
  { additionalProperties: false },
);

const PasswordBody = Type.Object({
  oldPassword: Type.String({ title: '原密码', minLength: 1, maxLength: 256 }),
  newPassword: Type.String({ title: '新密码', minLength: MIN_PASSWORD_LENGTH, maxLength: 128 }),
});

const SwitchQuery = Type.Object({
  clientType: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { title: '身份' })),
});

export const accountRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // A body with a phone is a phone sign-in, answered before the password schema applies.
  app.post(
    '/app/api/oauth/token',
    { schema: { body: LoginBody, response: okResponse(TokenSchema) }, preValidation: phoneSignInHook(ctx) },
    async (request, reply) => {
      const username = normalizeUsername(request.body.username);
      const device = await knownDevice(ctx, request, username);
      const { token, expiresIn, mustChangePassword } = await login(ctx, request.body.username, request.body.password, request.ip, device);
      await rememberDevice(ctx, request, reply, username, device);
      return ok({ token, expiresIn, mustChangePassword });
    },
  );

  // The original client fetched a token with GET; a password in a query string
  // ends up in proxy logs and browser history, so we refuse it outright.
  app.get('/app/api/oauth/token', async (_request, reply) => {
    reply.header('allow', 'POST, DELETE');
    throw badRequest('请使用 POST 提交用户名和密码，密码不能放在网址里');
  });

  const signOut = async (request: Parameters<typeof bearerToken>[0]) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(MISSING_TOKEN_MESSAGE);
    await logout(ctx, token);
    return ok(null, '已退出登录');
  };
  app.post('/app/api/oauth/logout', signOut);
  app.delete('/app/api/oauth/token', signOut);

  // Open to someone holding a one-time password: reading who they are and changing it.
  const pendingPasswordOk = { allowPendingPassword: true };
  app.get('/app/user', { schema: { response: okResponse(SessionSchema) }, preHandler: app.requireUser, config: pendingPasswordOk }, async (request) =>
    ok(await getSession(ctx, currentUser(request))),
  );

  app.put('/app/user', { schema: { body: ProfileBody, response: okResponse(SessionSchema) }, preHandler: app.requireUser }, async (request) =>
    ok(await updateProfile(ctx, currentUser(request), request.body), '资料已更新'),
  );

  app.put('/app/user/password/update', { schema: { body: PasswordBody }, preHandler: app.requireUser, config: pendingPasswordOk }, async (request) => {
    await changePassword(ctx, currentUser(request), request.body.oldPassword, request.body.newPassword, request.ip);
    return ok(null, '密码已修改，其他设备需要重新登录');
  });

  app.get(
    '/course/app/api/teacher-switch',
    { schema: { querystring: SwitchQuery, response: okResponse(SwitchSchema) }, preHandler: app.requireUser },
    async (request) => ok(await switchClientType(ctx, currentUser(request), request.query.clientType)),
  );
};
