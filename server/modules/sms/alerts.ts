// Safety alerts by SMS: when a student writes about harming themselves, the
// phones managers set in the safety settings get a short notice with a link
// to sign in, never the student's words. Alerts spend the school's daily
// budget (ZX_SMS_DAILY_BUDGET) like codes do, and each number gets at most
// one a minute, ALERTS_PER_HOUR an hour and ALERTS_PER_DAY a day: a notice
// held back by a cap is not queued (the bell in the layout still shows every
// alert). Failures are logged, never thrown: the student's reply does not
// wait for or depend on an SMS.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { hashPhone, maskPhone, normalisePhone } from './phones.js';
import { smsProvider } from './providers.js';
import { DAY, HOUR, type Limit, reserveFromBudget, reserveSend } from './service.js';

const ALERTS_PER_HOUR = 5;
const ALERTS_PER_DAY = 20;
const PER_ALERT_PHONE: Limit[] = [
  { windowMs: 60_000, count: 1 },
  { windowMs: HOUR, count: ALERTS_PER_HOUR },
  { windowMs: DAY, count: ALERTS_PER_DAY },
];

/** Sends the alert notice to each phone (typed as managers typed them); resolves once every send is tried. */
export async function sendAlertSms(ctx: ServerContext, phones: readonly string[], log: FastifyBaseLogger): Promise<void> {
  const provider = smsProvider(ctx);
  if (!provider.sendsAlerts) {
    log.warn({ sms: { provider: provider.name } }, 'safety alert SMS not sent: ZX_SMS_ALERT_TEMPLATE is not set for this SMS provider');
    return;
  }
  const publicUrl = ctx.config.env.ZX_PUBLIC_URL?.trim().replace(/\/+$/u, '') ?? '';
  const link = publicUrl ? `${publicUrl}/` : '';
  for (const typed of phones) {
    const phone = normalisePhone(typed);
    if (!phone) continue;
    const to = maskPhone(phone);
    try {
      const now = ctx.now();
      await reserveSend(ctx, [{ key: `alert:${hashPhone(phone)}`, limits: PER_ALERT_PHONE }], now);
      await reserveFromBudget(ctx, now, log);
      await provider.send({ kind: 'alert', phone, link }, log);
    } catch (error) {
      if (error instanceof ApiError) log.warn({ sms: { to, scene: 'alert' } }, `safety alert SMS to ${to} held back: ${error.message}`);
      else log.error({ err: error, sms: { to, provider: provider.name } }, 'sending a safety alert SMS failed');
    }
  }
}
