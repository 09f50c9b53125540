// What a verified phone lets a person do: sign in, bind it to their account,
// reset a forgotten password.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import {
  changeAccount,
  findUserById,
  hashPassword,
  isWeakPassword,
  type IssuedToken,
  issueToken,
  revokeOtherTokens,
  WEAK_PASSWORD_MESSAGE,
} from '../account/index.js';
import { hashPhone, maskPhone } from './phones.js';
import { consumeCode, userIdByPhone, WRONG_CODE_MESSAGE } from './service.js';

export async function phoneSignIn(ctx: ServerContext, phone: string, code: string): Promise<IssuedToken> {
  await consumeCode(ctx, phone, 'login', code);
  const userId = await userIdByPhone(ctx, phone);
  const user = userId ? await findUserById(ctx.db, userId) : null;
  // No code is ever sent to a phone without an account, so this is a wrong code as far as the caller can tell.
  if (!user) throw badRequest(WRONG_CODE_MESSAGE);
  return issueToken(ctx.db, { userId: user.id, clientType: user.defaultClientType, ttlMs: ctx.config.tokenTtlHours * 3600_000, now: ctx.now() });
}

export async function boundPhone(ctx: ServerContext, userId: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('user_phones').select('phone_masked').where('user_id', '=', userId).executeTakeFirst();
  return row?.phone_masked ?? null;
}

export async function bindPhone(ctx: ServerContext, userId: string, phone: string, code: string): Promise<string> {
  await consumeCode(ctx, phone, 'bind', code);
  const owner = await userIdByPhone(ctx, phone);
  if (owner && owner !== userId) throw badRequest('该手机号已绑定其他账号，请先在那个账号中解绑');
  const values = { phone_hash: hashPhone(phone), phone_masked: maskPhone(phone), created_at: ctx.now() };
  await ctx.db
    .insertInto('user_phones')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return values.phone_masked;
}

export async function unbindPhone(ctx: ServerContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('user_phones').where('user_id', '=', userId).execute();
}

/** Sets a new password and signs the person out everywhere. */
export async function resetPassword(ctx: ServerContext, phone: string, code: string, newPassword: string): Promise<void> {
  // Common passwords are refused before the code is spent; the person's own names once the account is known.
  if (isWeakPassword(newPassword, [])) throw badRequest(WEAK_PASSWORD_MESSAGE);
  await consumeCode(ctx, phone, 'reset', code);
  const userId = await userIdByPhone(ctx, phone);
  if (!userId) throw badRequest(WRONG_CODE_MESSAGE);
  const user = await findUserById(ctx.db, userId);
  if (!user || isWeakPassword(newPassword, [user.username, user.name, user.nickname])) throw badRequest(WEAK_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await changeAccount(trx, userId, { passwordHash }, ctx.now());
    await revokeOtherTokens(trx, userId, '', ctx.now());
  });
}
