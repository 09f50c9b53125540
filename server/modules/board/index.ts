// The board module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { DAY_PATTERN, dayStart, parseRange } from './range.js';
