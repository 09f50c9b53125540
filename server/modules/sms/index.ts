// The sms module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { phoneSignInHook } from './routes.js';
export { smsDelivers } from './providers.js';
export { sendAlertSms } from './alerts.js';
