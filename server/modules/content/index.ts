// The content module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { type Agreement, findAgreement, findSiteSettings, type SiteSettings } from './store.js';
