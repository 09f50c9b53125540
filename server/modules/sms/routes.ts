// SMS codes and what they unlock, relative to /new-chat. See docs/api/orders.md.
//   POST   /app/api/sms/send        {phone, scene: login|bind|reset} → null (same answer whether or not the phone has an account)
//   POST   /app/api/oauth/token     {phone, code} → {token, expiresIn}   (the account routes hand phone bodies here)
//   POST   /app/api/password/reset  {phone, code, newPassword}
//   GET    /app/user/phone          → {phone: '138****5678' | null}
//   POST   /app/user/phone          {phone, code} bind (scene bind)
//   DELETE /app/user/phone
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MIN_PASSWORD_LENGTH } from '../../config.js';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { MISSING_TOKEN_MESSAGE } from '../../http/auth.js';
import { bindPhone, boundPhone, phoneSignIn, resetPassword, unbindPhone } from './phone-account.js';
import { smsProvider } from './providers.js';
import { requirePhone, sendCode, smsDailyBudget, userIdByPhone } from './service.js';

const Phone = Type.String({ title: '手机号', minLength: 1, maxLength: 20 });
const Code = Type.String({ title: '验证码', minLength: 1, maxLength: 10 });
const SendBody = Type.Object({ phone: Phone, scene: Type.Union([Type.Literal('login'), Type.Literal('bind'), Type.Literal('reset')], { title: '用途' }) });
const PhoneCodeBody = Type.Object({ phone: Phone, code: Code });
const ResetBody = Type.Object({ phone: Phone, code: Code, newPassword: Type.String({ title: '新密码', minLength: MIN_PASSWORD_LENGTH, maxLength: 128 }) });

/**
 * preValidation of POST /app/api/oauth/token: a body with `phone` is a phone
 * sign-in, answered here; any other body goes on to the password sign-in
 * (and its own validation messages).
 */
export function phoneSignInHook(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || !('phone' in body)) return;
    if (typeof body.phone !== 'string' || typeof body.code !== 'string' || !body.code) throw badRequest('请输入手机号和验证码');
    const { token, expiresIn } = await phoneSignIn(ctx, requirePhone(body.phone), body.code);
    return reply.send(ok({ token, expiresIn }));
  };
}

export const smsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const provider = smsProvider(ctx);
  smsDailyBudget(ctx.config.env); // a malformed budget stops the start, not the first send
  const signedIn = { preHandler: app.requireUser };

  app.post('/app/api/sms/send', { preHandler: app.optionalUser, schema: { body: SendBody } }, async (request) => {
    const phone = requirePhone(request.body.phone);
    const { scene } = request.body;
    const owner = await userIdByPhone(ctx, phone);
    let deliver: boolean;
    if (scene === 'bind') {
      const user = request.user;
      if (!user) throw unauthorized(MISSING_TOKEN_MESSAGE);
      deliver = !owner || owner === user.id;
    } else {
      deliver = owner !== undefined;
    }
    await sendCode(ctx, provider, { phone, scene, ip: request.ip, deliver, userId: request.user?.id }, request.log);
    return ok(null, '验证码已发送，5 分钟内有效');
  });

  app.post('/app/api/password/reset', { schema: { body: ResetBody } }, async (request) => {
    await resetPassword(ctx, requirePhone(request.body.phone), request.body.code, request.body.newPassword);
    return ok(null, '密码已重置，请用新密码登录');
  });

  app.get('/app/user/phone', signedIn, async (request) => ok({ phone: await boundPhone(ctx, currentUser(request).id) }));
  app.post('/app/user/phone', { ...signedIn, schema: { body: PhoneCodeBody } }, async (request) =>
    ok({ phone: await bindPhone(ctx, currentUser(request).id, requirePhone(request.body.phone), request.body.code) }, '手机号已绑定'),
  );
  app.delete('/app/user/phone', signedIn, async (request) => {
    await unbindPhone(ctx, currentUser(request).id);
    return ok({ phone: null }, '手机号已解绑');
  });
};
