// Knowledge grounding for anonymous visitors. The chat module retrieves
// passages "as the chat's owner", and an anonymous visitor's chat belongs to
// the key's service account, which may read no dataset; the assistant's
// datasets were chosen by the key's owner, so its answers are grounded as
// that owner may read them (as the assistant itself is used as the owner may
// use it). Signed visitors keep their own access, as inside Zhixue.
import type { Kysely } from 'kysely';
import type { KnowledgeRetriever } from '../chat/index.js';
import type { Database } from '../../db/schema.js';

export function groundAsKeyOwner(db: Kysely<Database>, inner: KnowledgeRetriever): KnowledgeRetriever {
  return {
    async retrieve(input) {
      if (input.datasetIds.length === 0) return inner.retrieve(input);
      const key = await db.selectFrom('embed_keys').select('owner_id').where('service_user_id', '=', input.userId).executeTakeFirst();
      return inner.retrieve(key ? { ...input, userId: key.owner_id } : input);
    },
  };
}
