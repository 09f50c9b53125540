// A local stand-in for WeChat Pay API v3 over real HTTP, with generated keys:
// checks the merchant's request signature, answers a Native order with a
// code_url, and sends signed, encrypted payment notifications (replayable).
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubWechatPay {
  baseUrl: string;
  /** The environment that points the server at this stub. */
  env(publicUrl: string): Record<string, string>;
  orders: Array<{ out_trade_no: string; amount: { total: number }; notify_url: string }>;
  refunds: Array<{ out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number } }>;
  /** Builds a signed notification that the order was paid (sign with another key to test refusals). */
  notification(tradeNo: string, totalFen: number, options?: { signWith?: string; state?: string }): { headers: Record<string, string>; body: string };
  /** Posts a notification to the order's notify_url; returns the HTTP status. */
  notify(note: { headers: Record<string, string>; body: string }, url: string): Promise<number>;
  otherKey: string;
  close(): Promise<void>;
}

const MCHID = '1900000109';
const API_V3_KEY = 'zx-test-api-v3-key-32-characters';

export async function startStubWechatPay(): Promise<StubWechatPay> {
  const merchant = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const platform = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const other = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const orders: StubWechatPay['orders'] = [];
  const refunds: StubWechatPay['refunds'] = [];

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '');
      const field = (name: string) => new RegExp(`${name}="([^"]*)"`, 'u').exec(auth)?.[1] ?? '';
      const message = `${req.method}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${raw}\n`;
      const signed =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') && createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, field('signature'), 'base64');
      if (!signed || field('mchid') !== MCHID) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'SIGN_ERROR', message: 'bad signature' }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/native') {
        const order = JSON.parse(raw);
        orders.push(order);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=stub${order.out_trade_no}` }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v3/refund/domestic/refunds') {
        const refund = JSON.parse(raw);
        if (!refunds.some((r) => r.out_refund_no === refund.out_refund_no)) refunds.push(refund);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ refund_id: `5030${Date.now()}`, out_refund_no: refund.out_refund_no, status: 'PROCESSING' }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    orders,
    refunds,
    otherKey: other.privateKey,
    env: (publicUrl) => ({
      ZX_WECHATPAY_MCHID: MCHID,
      ZX_WECHATPAY_APPID: 'wx-test-app',
      ZX_WECHATPAY_SERIAL: 'TESTSERIAL',
      ZX_WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      ZX_WECHATPAY_PLATFORM_KEY: platform.publicKey,
      ZX_WECHATPAY_API_V3_KEY: API_V3_KEY,
      ZX_WECHATPAY_BASE_URL: baseUrl,
      ZX_PUBLIC_URL: publicUrl,
    }),
    notification(tradeNo, totalFen, options = {}) {
      const plain = JSON.stringify({
        mchid: MCHID,
        out_trade_no: tradeNo,
        transaction_id: `42000${Date.now()}`,
        trade_state: options.state ?? 'SUCCESS',
        amount: { total: totalFen, currency: 'CNY' },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'transaction' },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headerNonce = randomBytes(16).toString('hex');
      const signature = createSign('RSA-SHA256')
        .update(`${timestamp}\n${headerNonce}\n${body}\n`)
        .sign(options.signWith ?? platform.privateKey, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': headerNonce,
          'wechatpay-signature': signature,
          'wechatpay-serial': 'PLATFORM',
        },
      };
    },
    async notify(note, url) {
      const response = await fetch(url, { method: 'POST', headers: note.headers, body: note.body });
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
