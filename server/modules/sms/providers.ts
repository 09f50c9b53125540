// Who delivers the codes and the staff's safety alerts, chosen by ZX_SMS_PROVIDER:
//   log (default)  writes the message to the server log, the code masked
//                  unless ZX_SMS_LOG_CODES=true (development: sign in with the logged code)
//   aliyun         Alibaba Cloud SMS (@alicloud/dysmsapi20170525): ZX_SMS_ACCESS_KEY_ID,
//                  ZX_SMS_ACCESS_KEY_SECRET, ZX_SMS_SIGN_NAME, ZX_SMS_TEMPLATE (template code, param {code})
//   tencent        Tencent Cloud SMS (tencentcloud-sdk-nodejs-sms): ZX_SMS_ACCESS_KEY_ID (SecretId),
//                  ZX_SMS_ACCESS_KEY_SECRET (SecretKey), ZX_SMS_SDK_APP_ID, ZX_SMS_SIGN_NAME,
//                  ZX_SMS_TEMPLATE (template id, params [code, minutes]), ZX_SMS_REGION (ap-guangzhou)
// A safety alert is a second template, ZX_SMS_ALERT_TEMPLATE (Aliyun param {link},
// Tencent params [link]); without it the cloud providers send no alerts.
// The SDKs are imported only when chosen, so the default start-up never loads them.
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { maskPhone } from './phones.js';

export type SmsScene = 'login' | 'bind' | 'reset';

export interface CodeMessage {
  kind: 'code';
  phone: string;
  code: string;
  scene: SmsScene;
  minutes: number;
}

/** A notice to staff that a student needs care: a link to sign in, never the student's words. */
export interface AlertMessage {
  kind: 'alert';
  phone: string;
  /** Where to read the alert ('' when ZX_PUBLIC_URL is not set). */
  link: string;
}

export type SmsMessage = CodeMessage | AlertMessage;

/** The alert's whole text (the log provider's; the cloud providers' approved template says the same). */
export function alertText(link: string): string {
  return `智学安全提醒：有学生需要关注，请尽快登录${link ? ` ${link} ` : '智学'}查看提醒。`;
}

export interface SmsProvider {
  readonly name: string;
  /** Safety alerts can be sent (a cloud provider needs their template). */
  readonly sendsAlerts: boolean;
  send(message: SmsMessage, log: FastifyBaseLogger): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

function required(env: Env, key: string): string {
  const value = env[key]?.trim();
  if (!value) throw new ConfigError(`${key} is needed for ZX_SMS_PROVIDER=${env.ZX_SMS_PROVIDER}`);
  return value;
}

/**
 * Writes the message to the log. The code is masked (a log is read by more
 * people than the phone's owner) unless the development flag shows it. At
 * warn, the production default level: at info a new installation said "code
 * sent" and printed it nowhere.
 */
export function logProvider(showCodes: boolean): SmsProvider {
  return {
    name: 'log',
    sendsAlerts: true,
    async send(message, log) {
      const to = maskPhone(message.phone);
      if (message.kind === 'alert') {
        log.warn({ sms: { to, scene: 'alert' } }, `SMS to ${to} (alert): ${alertText(message.link)}`);
        return;
      }
      const { code, scene, minutes } = message;
      const shown = showCodes ? code : '******';
      log.warn({ sms: { to, scene } }, `SMS to ${to} (${scene}): 验证码 ${shown}，${minutes} 分钟内有效`);
    },
  };
}

function showsCodes(env: Env): boolean {
  const raw = env.ZX_SMS_LOG_CODES?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`ZX_SMS_LOG_CODES must be true or false, got "${raw}"`);
}

function aliyunProvider(env: Env): SmsProvider {
  const accessKeyId = required(env, 'ZX_SMS_ACCESS_KEY_ID');
  const accessKeySecret = required(env, 'ZX_SMS_ACCESS_KEY_SECRET');
  const signName = required(env, 'ZX_SMS_SIGN_NAME');
  const templateCode = required(env, 'ZX_SMS_TEMPLATE');
  const alertTemplate = env.ZX_SMS_ALERT_TEMPLATE?.trim() ?? '';
  let client: Promise<{ sendSms(request: unknown): Promise<{ body?: { code?: string; message?: string } }> }> | undefined;
  const connect = async () => {
    const [sdk, { Config }] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-client')]);
    // CommonJS under ESM: the class is the default's default.
    const Dysmsapi = ((sdk.default as unknown as { default?: unknown }).default ?? sdk.default) as new (config: never) => unknown;
    return new Dysmsapi(new Config({ accessKeyId, accessKeySecret, endpoint: 'dysmsapi.aliyuncs.com' }) as never) as never;
  };
  return {
    name: 'aliyun',
    sendsAlerts: alertTemplate !== '',
    async send(message) {
      client ??= connect();
      const { SendSmsRequest } = await import('@alicloud/dysmsapi20170525');
      const [template, param] = message.kind === 'alert' ? [alertTemplate, { link: message.link }] : [templateCode, { code: message.code }];
      const reply = await (
        await client
      ).sendSms(new SendSmsRequest({ phoneNumbers: message.phone, signName, templateCode: template, templateParam: JSON.stringify(param) }));
      if (reply.body?.code !== 'OK') throw new Error(`Aliyun SMS refused: ${reply.body?.code ?? '?'} ${reply.body?.message ?? ''}`);
    },
  };
}

function tencentProvider(env: Env): SmsProvider {
  const secretId = required(env, 'ZX_SMS_ACCESS_KEY_ID');
  const secretKey = required(env, 'ZX_SMS_ACCESS_KEY_SECRET');
  const appId = required(env, 'ZX_SMS_SDK_APP_ID');
  const signName = required(env, 'ZX_SMS_SIGN_NAME');
  const templateId = required(env, 'ZX_SMS_TEMPLATE');
  const region = env.ZX_SMS_REGION?.trim() || 'ap-guangzhou';
  const alertTemplate = env.ZX_SMS_ALERT_TEMPLATE?.trim() ?? '';
  type Client = { SendSms(request: Record<string, unknown>): Promise<{ SendStatusSet?: Array<{ Code?: string; Message?: string }> }> };
  let client: Promise<Client> | undefined;
  const connect = async (): Promise<Client> => {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    return new sms.v20210111.Client({ credential: { secretId, secretKey }, region }) as unknown as Client;
  };
  return {
    name: 'tencent',
    sendsAlerts: alertTemplate !== '',
    async send(message) {
      client ??= connect();
      const [template, params] = message.kind === 'alert' ? [alertTemplate, [message.link]] : [templateId, [message.code, String(message.minutes)]];
      const reply = await (
        await client
      ).SendSms({ PhoneNumberSet: [`+86${message.phone}`], SmsSdkAppId: appId, SignName: signName, TemplateId: template, TemplateParamSet: params });
      const status = reply.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new Error(`Tencent SMS refused: ${status?.Code ?? '?'} ${status?.Message ?? ''}`);
    },
  };
}

/**
 * Whether a code sent reaches anyone who can type it: a real provider, or the
 * log with its codes shown (development). The default log masks the codes, so
 * with it a phone sign-in cannot work and the login page does not offer one.
 */
export function smsDelivers(env: Env): boolean {
  const name = (env.ZX_SMS_PROVIDER ?? 'log').trim().toLowerCase() || 'log';
  return name !== 'log' || showsCodes(env);
}

/** The provider the configuration names; throws ConfigError at start-up when it is incomplete. */
export function smsProviderFrom(env: Env): SmsProvider {
  const name = (env.ZX_SMS_PROVIDER ?? 'log').trim().toLowerCase() || 'log';
  if (name === 'log') return logProvider(showsCodes(env));
  if (name === 'aliyun') return aliyunProvider(env);
  if (name === 'tencent') return tencentProvider(env);
  throw new ConfigError(`ZX_SMS_PROVIDER must be log, aliyun or tencent, got "${name}"`);
}

const providers = new WeakMap<ServerContext, SmsProvider>();

/** This server's provider (one per context: the codes and the alerts share its client). */
export function smsProvider(ctx: ServerContext): SmsProvider {
  let provider = providers.get(ctx);
  if (!provider) providers.set(ctx, (provider = smsProviderFrom(ctx.config.env)));
  return provider;
}
