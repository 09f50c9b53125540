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
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(isClientType);
}

/** Every side-menu id of SPEC §2 a user's menus may list (14 follows the admin right). */
export const MENU_IDS: readonly string[] = ['13', '1', '2', '9', '3', '4', '5', '6', '8', '7', '16'];

// Default side menus per client type (menu ids of SPEC §2); a user's own
// `menus` column overrides them. 16 is work placement on every side.
export const DEFAULT_MENUS: Readonly<Record<ClientType, string>> = {
  '1': '13,1,3,4,5,8,7,16',
  '2': '13,9,3,4,5,6,8,7,16',
  '3': '13,2,3,4,16',
};

/** Menu 14 (school administration) is not the menus' to grant: it follows the admin right, on the manager side only. */
export const ADMIN_MENU_ID = '14';

/** Menu 15 (AI credits administration) follows the manager side: every manager may set allowances, prices and packages. */
export const QUOTA_MENU_ID = '15';

/** menusFor's answers: every signed-in page load asks (GET /app/user), and a school has few distinct menu settings. */
const menusMemo = new Map<string, string>();
const MENUS_MEMO_LIMIT = 1000;

export function menusFor(clientType: ClientType, override: string | null, admin = false): string {
  const key = `${clientType}|${admin ? 1 : 0}|${override === null ? '' : `=${override}`}`;
  let menus = menusMemo.get(key);
  if (menus === undefined) {
    if (menusMemo.size >= MENUS_MEMO_LIMIT) menusMemo.clear();
    menus = computeMenus(clientType, override, admin);
    menusMemo.set(key, menus);
  }
  return menus;
}

function computeMenus(clientType: ClientType, override: string | null, admin: boolean): string {
  const ids = (override ?? DEFAULT_MENUS[clientType])
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id && id !== ADMIN_MENU_ID && id !== QUOTA_MENU_ID);
  if (admin && clientType === MANAGER_CLIENT_TYPE) ids.push(ADMIN_MENU_ID);
  if (clientType === MANAGER_CLIENT_TYPE) ids.push(QUOTA_MENU_ID);
  return ids.join(',');
}
