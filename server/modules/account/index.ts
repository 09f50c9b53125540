// The account module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { type AttemptLimiter, attemptLimiterFor, createAttemptLimiter } from './attempt-limiter.js';
export { CLIENT_TYPES, MANAGER_CLIENT_TYPE, parseClientTypes } from './client-types.js';
export { displayName } from './display-name.js';
export { findUserById, findUserByUsername, normalizeUsername } from './store.js';
export { DEFAULT_MENUS, MENU_IDS } from './client-types.js';
export { generateReadablePassword, hashPassword } from './passwords.js';
export { checkRosterRow, importRosterTable, ROSTER_COLUMNS, type RosterProblem, type RosterResult } from './roster-import.js';
export { type RosterFileInput } from './roster-sheet.js';
export { type RosterTable } from './roster-table.js';
export { createUser, existingUsernames, updateUser, type UserPatch, type UserRecord, userRecordOf } from './store.js';
export { revokeAllTokens, revokeClientTypeTokens } from './tokens.js';
export { type IssuedToken, issueToken, revokeOtherTokens } from './tokens.js';
export { isWeakPassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
