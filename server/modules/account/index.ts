// The account module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { type AttemptLimiter, attemptLimiterFor, createAttemptLimiter } from './attempt-limiter.js';
export { CLIENT_TYPES, isClientType, MANAGER_CLIENT_TYPE, parseClientTypes } from './client-types.js';
export { displayName } from './display-name.js';
export { findUserById, findUserByUsername, normalizeUsername } from './store.js';
export { DEFAULT_MENUS, MENU_IDS } from './client-types.js';
export { generateReadablePassword, hashPassword } from './passwords.js';
export { demoLogins, type DemoLogins } from './demo-logins.js';
export { existingUsernames, type NewUser, type UserPatch, type UserRecord, userRecordOf } from './store.js';
export { changeAccount, createAccount, createServiceAccount, deleteServiceAccount, hasAccounts } from './accounts.js';
export { findActiveToken, revokeAllTokens, revokeClientTypeTokens, type TokenAccount, whyTokenEnded } from './tokens.js';
export { TokenCache } from './token-cache.js';
export { createMemoryLoginThrottle, createSharedLoginThrottle } from './login-throttle.js';
export { type IssuedToken, issueToken, revokeOtherTokens, revokeToken } from './tokens.js';
export { isWeakPassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
