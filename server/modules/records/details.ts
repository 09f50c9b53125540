import type { RecordResult } from '../../db/tables/records.js';

/** What a route or service tells about an operation (recordOperation). */
export interface OperationDetails {
  /** login, create, update, delete, publish, share, permission, import, export, settings, password, … */
  action: string;
  /** user, class, course, model_provider, site, … */
  objectType: string;
  objectId?: string | null;
  objectName?: string | null;
  /** What changed, in words a manager reads. Never a password, token, key or chat text. */
  summary?: string;
  /** Taken from the HTTP status (< 400: success) when not given. */
  result?: RecordResult;
  /** Who acted, when not the signed-in user of the request. */
  actor?: { userId: string | null; username: string; clientType: string | null };
  /**
   * The act must not be tied to a person (an answer to an anonymous survey):
   * the record keeps no user, address, browser or summary, only the client type.
   */
  anonymous?: boolean;
}
