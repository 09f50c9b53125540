// Anonymous visitors are not school accounts, but every chat belongs to a
// user (chats.user_id). Each key therefore gets one service account that owns
// its anonymous visitors' chats: it holds no client type, cannot sign in (its
// password hash matches no password), and is created when the key's first
// anonymous visitor arrives. Which visitor may read which chat
// is decided by embed_conversations, never by this account. Its name is
// listed wherever people are (to the school's managers) and stored like any
// account's, so it is written once, in the language of the teacher who made
// the key (kept with the key: no teacher's request is at hand when a visitor
// arrives), around the key's name as the teacher wrote it.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { fillTemplate, translateMessage } from '../../i18n/translate.js';
import { createServiceAccount } from '../account/index.js';
import { findKey, claimServiceUser, type EmbedKeyRecord } from './store.js';

/** Usernames of service accounts start with this; ':' never appears in a school username. */
export const SERVICE_USERNAME_PREFIX = 'embed:';

export function isServiceUsername(username: string): boolean {
  return username.startsWith(SERVICE_USERNAME_PREFIX);
}

/** The account's name and nickname; `{0}` is the key's name. */
export const SERVICE_NAME = '网站访客（{0}）';
export const SERVICE_NICKNAME = '网站访客';

/** The name in `locale` with the key's name put in as the teacher wrote it (never looked up in the catalogue). */
function serviceName(keyName: string, locale: ServerLocale): string {
  return fillTemplate(SERVICE_NAME, [keyName], locale);
}

/** Thrown inside the transaction to roll back our account when another request claimed first. */
class LostRace extends Error {}

export async function ensureServiceUser(ctx: ServerContext, key: EmbedKeyRecord): Promise<string> {
  if (key.serviceUserId) return key.serviceUserId;
  const id = newId();
  const now = ctx.now();
  const claimed = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await createServiceAccount(
        trx,
        {
          id,
          username: `${SERVICE_USERNAME_PREFIX}${id.toLowerCase()}`,
          name: serviceName(key.name, key.locale),
          nickname: translateMessage(SERVICE_NICKNAME, key.locale),
        },
        now,
      );
      const ok = await claimServiceUser(trx, key.id, id);
      if (!ok) throw new LostRace();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof LostRace) return false;
      throw error;
    });
  if (claimed) return id;
  // Another request made it first: use theirs (our insert was rolled back).
  const fresh = await findKey(ctx.db, key.id);
  if (!fresh?.serviceUserId) throw new Error(`embed key ${key.id} has no service user after a lost race`);
  return fresh.serviceUserId;
}
