// The admin module's public face: what the rest of the server may use.
export { importRoster, type RosterResult } from './roster-import.js';
