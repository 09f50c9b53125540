// A local stand-in for the Alipay open platform gateway over real HTTP, with
// generated RSA2 keys: checks the application's signature on the page-pay URL
// and on server calls (alipay.trade.refund, answered with a signed reply),
// shows a cashier page whose button "pays", and sends signed asynchronous
// notifications (form fields) that tests can replay or forge.
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubAlipayOrder {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  return_url: string;
}

export interface StubAlipay {
  gateway: string;
  /** The environment that points the server at this stub. */
  env(publicUrl: string): Record<string, string>;
  orders: StubAlipayOrder[];
  refunds: Array<{ out_trade_no: string; refund_amount: string; out_request_no: string }>;
  /** Answer the next refunds with this error code instead of success. */
  refuseRefunds: string | null;
  /** Signed notification fields that the order was paid (sign with another key to test refusals). */
  notification(
    tradeNo: string,
    totalAmount: string,
    options?: { signWith?: string; status?: string; appId?: string; sellerId?: string },
  ): Record<string, string>;
  /** Posts notification fields to a URL; returns the HTTP status and the text Alipay reads. */
  notify(fields: Record<string, string>, url: string): Promise<{ status: number; text: string }>;
  otherKey: string;
  close(): Promise<void>;
}

const APP_ID = '2021000000000001';

/** The string Alipay signs: every field but sign (and sign_type for notifications), sorted, key=value joined by &. */
function signContent(fields: Record<string, string>, drop: string[]): string {
  return Object.keys(fields)
    .filter((key) => !drop.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

/** The school's merchant id (PID) the stub pays to. */
const SELLER_ID = '2088000000000001';

export async function startStubAlipay(): Promise<StubAlipay> {
  const keys = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
  const app = keys();
  const alipay = keys();
  const other = keys();
  const orders: StubAlipayOrder[] = [];
  const refunds: StubAlipay['refunds'] = [];
  const stub = { refuseRefunds: null as string | null };

  const signedByApp = (fields: Record<string, string>) =>
    fields.app_id === APP_ID &&
    fields.sign_type === 'RSA2' &&
    createVerify('RSA-SHA256')
      .update(signContent(fields, ['sign']))
      .verify(app.publicKey, fields.sign ?? '', 'base64');

  const notification: StubAlipay['notification'] = (tradeNo, totalAmount, options = {}) => {
    const fields: Record<string, string> = {
      app_id: options.appId ?? APP_ID,
      charset: 'utf-8',
      gmt_create: '2026-11-24 10:00:00',
      gmt_payment: '2026-11-24 10:00:05',
      notify_id: `nid${Date.now()}${Math.random().toString(36).slice(2)}`,
      notify_time: '2026-11-24 10:00:06',
      notify_type: 'trade_status_sync',
      out_trade_no: tradeNo,
      seller_id: options.sellerId ?? SELLER_ID,
      subject: 'Zhixue 额度 & 套餐 100%',
      total_amount: totalAmount,
      trade_no: `2026112422001${Math.floor(Math.random() * 1e9)}`,
      trade_status: options.status ?? 'TRADE_SUCCESS',
      version: '1.0',
      sign_type: 'RSA2',
    };
    fields.sign = createSign('RSA-SHA256')
      .update(signContent(fields, ['sign', 'sign_type']))
      .sign(options.signWith ?? alipay.privateKey, 'base64');
    return fields;
  };
  const notify: StubAlipay['notify'] = async (fields, url) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, text: await response.text() };
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const fields = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(raw)) };
      if (url.pathname === '/gateway.do' && req.method === 'GET' && fields.method === 'alipay.trade.page.pay') {
        if (!signedByApp(fields)) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>invalid-signature</h1>');
          return;
        }
        const biz = JSON.parse(fields.biz_content ?? '{}');
        const order = {
          out_trade_no: biz.out_trade_no,
          total_amount: biz.total_amount,
          subject: biz.subject,
          notify_url: fields.notify_url ?? '',
          return_url: fields.return_url ?? '',
        };
        orders.push(order);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>支付宝收银台 (stub)</title><h1>支付宝收银台</h1><p id="subject">${order.subject}</p><p id="amount">${order.total_amount}</p>` +
            `<form method="post" action="/stub/pay"><input type="hidden" name="out_trade_no" value="${order.out_trade_no}"><button>确认付款</button></form>`,
        );
        return;
      }
      if (url.pathname === '/stub/pay' && req.method === 'POST') {
        const order = [...orders].reverse().find((o) => o.out_trade_no === fields.out_trade_no);
        if (!order) {
          res.writeHead(404).end();
          return;
        }
        void notify(notification(order.out_trade_no, order.total_amount), order.notify_url).then(({ text }) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><title>支付完成</title><h1>${text === 'success' ? '支付成功' : '通知失败'}</h1><a href="${order.return_url}">返回商户</a>`);
        });
        return;
      }
      if (url.pathname === '/gateway.do' && req.method === 'POST' && fields.method === 'alipay.trade.refund') {
        const key = 'alipay_trade_refund_response';
        let inner: Record<string, string>;
        if (!signedByApp(fields)) inner = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
        else if (stub.refuseRefunds) inner = { code: '40004', msg: 'Business Failed', sub_code: stub.refuseRefunds, sub_msg: '退款失败' };
        else {
          const biz = JSON.parse(fields.biz_content ?? '{}');
          if (!refunds.some((r) => r.out_request_no === biz.out_request_no))
            refunds.push({ out_trade_no: biz.out_trade_no, refund_amount: biz.refund_amount, out_request_no: biz.out_request_no });
          inner = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, refund_fee: biz.refund_amount, fund_change: 'Y' };
        }
        const innerJson = JSON.stringify(inner);
        const sign = createSign('RSA-SHA256').update(innerJson).sign(alipay.privateKey, 'base64');
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`{"${key}":${innerJson},"sign":"${sign}"}`);
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  return {
    gateway,
    orders,
    refunds,
    get refuseRefunds() {
      return stub.refuseRefunds;
    },
    set refuseRefunds(code: string | null) {
      stub.refuseRefunds = code;
    },
    otherKey: other.privateKey,
    env: (publicUrl) => ({
      ZX_ALIPAY_APP_ID: APP_ID,
      ZX_ALIPAY_SELLER_ID: SELLER_ID,
      // As Alipay hands them out: the application key as bare base64 (PKCS#1), Alipay's public key as PEM.
      ZX_ALIPAY_PRIVATE_KEY: app.privateKey.replace(/-----[^-]+-----|\s/gu, ''),
      ZX_ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ZX_ALIPAY_GATEWAY: gateway,
      ZX_PUBLIC_URL: publicUrl,
    }),
    notification,
    notify,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
