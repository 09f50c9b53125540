// Alipay through its official Node SDK (`alipay-sdk`): computer-website
// payment (alipay.trade.page.pay) gives a signed page URL the buyer opens;
// Alipay posts an asynchronous notification (form fields signed RSA2 with
// Alipay's key) that we verify with `checkNotifySignV2`; refunds go through
// alipay.trade.refund with the reply's signature checked. Configured by:
//   ZX_ALIPAY_SELLER_ID (the school's merchant id, 2088…: a notification paid to another seller is refused),
//   ZX_ALIPAY_APP_ID, ZX_ALIPAY_PRIVATE_KEY (the application's key: PEM text, bare base64 or a file path),
//   ZX_ALIPAY_PUBLIC_KEY (Alipay's public key: PEM text, bare base64 or a file path),
//   ZX_PUBLIC_URL (notifications reach ZX_PUBLIC_URL/new-chat/app/api/order/notify/alipay; the buyer returns to ZX_PUBLIC_URL/),
//   ZX_ALIPAY_GATEWAY (default https://openapi.alipay.com/gateway.do; tests point it at a stub).
import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AlipaySdk } from 'alipay-sdk';
import { ConfigError } from '../../config.js';
import type { PaymentChannel } from './channels.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface AlipayConfig {
  appId: string;
  /** The merchant (PID) payments must reach. */
  sellerId: string;
  privateKey: string;
  keyType: 'PKCS1' | 'PKCS8';
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
}

function keyText(name: string, value: string): string {
  if (value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{100,}$/u.test(value)) return value;
  if (!existsSync(value)) throw new ConfigError(`${name} must be a key (PEM or base64) or the path of a key file`);
  return readFileSync(value, 'utf8');
}

/** Alipay hands out keys as bare base64; the SDK needs to know whether one is PKCS#1 or PKCS#8. */
function keyTypeOf(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  const der = Buffer.from(key.replace(/\s/gu, ''), 'base64');
  try {
    createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

export function alipayConfig(env: Env): AlipayConfig | null {
  const appId = env.ZX_ALIPAY_APP_ID?.trim();
  if (!appId) return null;
  const need = (key: string) => {
    const value = env[key]?.trim();
    if (!value) throw new ConfigError(`${key} is needed for Alipay (ZX_ALIPAY_APP_ID is set)`);
    return value;
  };
  const privateKey = keyText('ZX_ALIPAY_PRIVATE_KEY', need('ZX_ALIPAY_PRIVATE_KEY'));
  const publicUrl = need('ZX_PUBLIC_URL').replace(/\/$/u, '');
  const sellerId = need('ZX_ALIPAY_SELLER_ID');
  if (!/^2088\d{12}$/u.test(sellerId))
    throw new ConfigError(`ZX_ALIPAY_SELLER_ID must be the merchant id Alipay gave (16 digits starting 2088), got "${sellerId}"`);
  return {
    appId,
    sellerId,
    privateKey,
    keyType: keyTypeOf(privateKey),
    alipayPublicKey: keyText('ZX_ALIPAY_PUBLIC_KEY', need('ZX_ALIPAY_PUBLIC_KEY')),
    gateway: env.ZX_ALIPAY_GATEWAY?.trim() || 'https://openapi.alipay.com/gateway.do',
    notifyUrl: `${publicUrl}/new-chat/app/api/order/notify/alipay`,
    returnUrl: `${publicUrl}/`,
  };
}

/**
 * The SDK is loaded only where Alipay is configured: it brings urllib and
 * about 150 more modules (0.4 s of CPU) that every other start would pay for.
 */
export async function alipaySdk(config: AlipayConfig): Promise<AlipaySdk> {
  const { AlipaySdk } = await import('alipay-sdk');
  return new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    keyType: config.keyType,
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    signType: 'RSA2',
    camelcase: false,
    timeout: 10_000,
  });
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function alipayChannel(config: AlipayConfig, sdk: AlipaySdk): PaymentChannel {
  return {
    name: 'alipay',
    async start(payment) {
      const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        notifyUrl: config.notifyUrl,
        returnUrl: config.returnUrl,
        bizContent: {
          out_trade_no: payment.tradeNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: yuan(payment.amountFen),
          subject: payment.description.slice(0, 120),
          timeout_express: '30m',
        },
      });
      return { payUrl };
    },
    async refund(order) {
      const reply = await sdk.exec(
        'alipay.trade.refund',
        { bizContent: { out_trade_no: order.tradeNo, refund_amount: yuan(order.amountFen), out_request_no: `${order.tradeNo}R` } },
        { validateSign: true },
      );
      if (reply.code !== '10000') throw new Error(`Alipay refused the refund: ${reply.code} ${reply.sub_code ?? ''} ${reply.sub_msg ?? reply.msg ?? ''}`);
    },
  };
}

export interface AlipayPaid {
  tradeNo: string;
  transactionId: string;
  amountFen: number;
}

/** Parses "12.30" into 1230 fen exactly (no floating point); NaN when it is not an amount. */
function fenOf(amount: string | undefined): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/u.exec(amount ?? '');
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Verifies an asynchronous notification (form fields) with Alipay's key.
 * Returns the payment when the trade succeeded, null for other states
 * (WAIT_BUYER_PAY, TRADE_CLOSED); throws when the signature, the app or the seller is wrong.
 */
export function readAlipayNotification(config: AlipayConfig, sdk: AlipaySdk, fields: Record<string, string>): AlipayPaid | null {
  if (!sdk.checkNotifySignV2(fields)) throw new Error('notification signature does not verify');
  if (fields.app_id !== config.appId) throw new Error('notification for another app');
  if (fields.seller_id !== config.sellerId) throw new Error('notification for another seller');
  if (fields.trade_status !== 'TRADE_SUCCESS' && fields.trade_status !== 'TRADE_FINISHED') return null;
  return { tradeNo: fields.out_trade_no ?? '', transactionId: fields.trade_no ?? '', amountFen: fenOf(fields.total_amount) };
}
