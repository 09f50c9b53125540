// The admin module's public face: what other modules may use. Import this
// file, never another of the module's files.
export { importRoster, type RosterResult } from './roster-import.js';
export { ADMIN_ONLY_MESSAGE, adminOnly } from './guard.js';
export { secretBoxFrom, type SecretBox } from './secret-box.js';
export { ensureMajor } from './school-service.js';
