// Client types (SPEC §1): 1 teacher/management side, 2 show-oriented
// (manager) side, 3 student side. A user may hold several.
import type { ClientType } from '../../db/schema.js';

export const CLIENT_TYPES: readonly ClientType[] = ['1', '2', '3'];

/** The manager side: the only readers told how the server is configured (e.g. which model variables to set). */
export const MANAGER_CLIENT_TYPE: ClientType = '2';

export function isClientType(value: unknown): value is ClientType {
  return typeof value === 'string' && (CLIENT_TYPES as readonly string[]).includes(value);
}

/** '1,2' → ['1','2'], dropping anything that is not a client type. */
export function parseClientTypes(list: string): ClientType[] {
  return list.split(',').map((s) => s.trim()).filter(isClientType);
}

// Default side menus per client type (menu ids of SPEC §2); a user's own
// `menus` column overrides them.
const DEFAULT_MENUS: Record<ClientType, string> = {
  '1': '13,1,3,4,5,8,7',
  '2': '13,9,3,4,5,6,8,7',
  '3': '13,2,3,4',
};

export function menusFor(clientType: ClientType, override: string | null): string {
  return override ?? DEFAULT_MENUS[clientType];
}
