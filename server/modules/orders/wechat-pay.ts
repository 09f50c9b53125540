// WeChat Pay API v3, Native payments (the buyer scans a QR code), spoken
// directly over HTTPS with Node's crypto: requests are signed with the
// merchant key (WECHATPAY2-SHA256-RSA2048), notifications are verified with
// the platform public key and their resource decrypted (AEAD_AES_256_GCM with
// the API v3 key). Configured by:
//   ZX_WECHATPAY_MCHID, ZX_WECHATPAY_APPID, ZX_WECHATPAY_SERIAL (merchant certificate serial),
//   ZX_WECHATPAY_PRIVATE_KEY (merchant key, PEM text or a file path),
//   ZX_WECHATPAY_PLATFORM_KEY (platform public key, PEM text or a file path),
//   ZX_WECHATPAY_API_V3_KEY (32 characters), ZX_PUBLIC_URL (where notifications reach us),
//   ZX_WECHATPAY_BASE_URL (default https://api.mch.weixin.qq.com; tests point it at a stub).
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../../config.js';
import type { PaymentChannel } from './channels.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  serial: string;
  privateKey: string;
  platformKey: string;
  apiV3Key: string;
  baseUrl: string;
  notifyUrl: string;
}

function pem(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

export function wechatPayConfig(env: Env): WechatPayConfig | null {
  const mchid = env.ZX_WECHATPAY_MCHID?.trim();
  if (!mchid) return null;
  const need = (key: string) => {
    const value = env[key]?.trim();
    if (!value) throw new ConfigError(`${key} is needed for WeChat Pay (ZX_WECHATPAY_MCHID is set)`);
    return value;
  };
  const keyOf = (key: string) => {
    const value = need(key);
    if (!value.includes('-----BEGIN') && !existsSync(value)) throw new ConfigError(`${key} must be PEM text or the path of a PEM file`);
    return pem(value);
  };
  const apiV3Key = need('ZX_WECHATPAY_API_V3_KEY');
  if (Buffer.byteLength(apiV3Key) !== 32) throw new ConfigError('ZX_WECHATPAY_API_V3_KEY must be 32 characters');
  return {
    mchid,
    appid: need('ZX_WECHATPAY_APPID'),
    serial: need('ZX_WECHATPAY_SERIAL'),
    privateKey: keyOf('ZX_WECHATPAY_PRIVATE_KEY'),
    platformKey: keyOf('ZX_WECHATPAY_PLATFORM_KEY'),
    apiV3Key,
    baseUrl: (env.ZX_WECHATPAY_BASE_URL?.trim() || 'https://api.mch.weixin.qq.com').replace(/\/$/u, ''),
    notifyUrl: `${need('ZX_PUBLIC_URL').replace(/\/$/u, '')}/new-chat/app/api/order/notify/wechat`,
  };
}

export function authorization(config: WechatPayConfig, method: string, path: string, body: string, now: number): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`).sign(config.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serial}"`;
}

/** A signed request to WeChat Pay; the reply's JSON, or an error naming what it said. */
async function wechatCall(config: WechatPayConfig, path: string, payload: unknown): Promise<Record<string, unknown>> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${config.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: authorization(config, 'POST', path, body, Date.now()) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`WeChat Pay refused ${path}: ${response.status} ${String(reply.code ?? '')} ${String(reply.message ?? '')}`);
  return reply;
}

export function wechatPayChannel(config: WechatPayConfig): PaymentChannel {
  return {
    name: 'wechat',
    async start(payment) {
      const reply = await wechatCall(config, '/v3/pay/transactions/native', {
        appid: config.appid,
        mchid: config.mchid,
        description: payment.description.slice(0, 120),
        out_trade_no: payment.tradeNo,
        notify_url: config.notifyUrl,
        amount: { total: payment.amountFen, currency: 'CNY' },
      });
      if (typeof reply.code_url !== 'string') throw new Error('WeChat Pay gave no code_url');
      return { codeUrl: reply.code_url };
    },
    async refund(order) {
      // out_refund_no is derived from the order, so asking twice is one refund at WeChat Pay.
      const reply = await wechatCall(config, '/v3/refund/domestic/refunds', {
        out_trade_no: order.tradeNo,
        out_refund_no: `${order.tradeNo}R`,
        amount: { refund: order.amountFen, total: order.amountFen, currency: 'CNY' },
      });
      if (reply.status !== 'SUCCESS' && reply.status !== 'PROCESSING') throw new Error(`WeChat Pay refund ${String(reply.status)}`);
    },
  };
}

/** Notifications older than this are refused (a replay from long ago). */
const NOTIFY_MAX_AGE_S = 5 * 60;

export interface WechatPaid {
  tradeNo: string;
  transactionId: string;
  amountFen: number;
}

/**
 * Verifies a notification's signature and freshness and decrypts it. Returns
 * the payment when the trade succeeded, null for other states; throws when
 * the signature or the content is wrong.
 */
export function readWechatNotification(
  config: WechatPayConfig,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: number,
): WechatPaid | null {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const timestamp = header('wechatpay-timestamp');
  const nonce = header('wechatpay-nonce');
  const signature = header('wechatpay-signature');
  if (!timestamp || !nonce || !signature) throw new Error('notification without signature headers');
  if (Math.abs(now / 1000 - Number(timestamp)) > NOTIFY_MAX_AGE_S) throw new Error('notification too old');
  const valid = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${rawBody}\n`).verify(config.platformKey, signature, 'base64');
  if (!valid) throw new Error('notification signature does not verify');
  const { resource } = JSON.parse(rawBody) as { resource?: { ciphertext: string; nonce: string; associated_data?: string } };
  if (!resource) throw new Error('notification without resource');
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(config.apiV3Key), Buffer.from(resource.nonce));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  const trade = JSON.parse(plain) as { out_trade_no: string; transaction_id: string; trade_state: string; mchid?: string; amount: { total: number } };
  if (trade.mchid && trade.mchid !== config.mchid) throw new Error('notification for another merchant');
  if (trade.trade_state !== 'SUCCESS') return null;
  return { tradeNo: trade.out_trade_no, transactionId: trade.transaction_id, amountFen: trade.amount.total };
}
