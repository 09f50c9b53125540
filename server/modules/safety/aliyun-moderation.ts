// Aliyun Content Moderation (阿里云内容安全), 文本审核增强版 PLUS, as the third
// checker for schools that have the service: the TextModerationPlus action
// of the Green API, service `llm_query_moderation` for questions
// and `llm_response_moderation` for answers. Configured in the environment
// (the keys never reach the admin pages):
//   ZX_ALIYUN_GREEN_ACCESS_KEY_ID, ZX_ALIYUN_GREEN_ACCESS_KEY_SECRET
//   ZX_ALIYUN_GREEN_ENDPOINT (default https://green-cip.cn-shanghai.aliyuncs.com)
// and switched on by managers. The call is signed here (RPC signature,
// HMAC-SHA1) and sent through the guarded fetch client, so it has the same
// time and size limits and address checks as every other outside call,
// rather than through the SDK's own HTTP client. RiskLevel `high` refuses,
// `medium` lets through and records for review, `low` and `none` pass.
import { createHmac, randomUUID } from 'node:crypto';
import type { Env } from '../../config.js';
import { guardedFetch } from '../../net/guarded-fetch.js';
import type { GuardVerdict } from './guard-model.js';

const DEFAULT_ENDPOINT = 'https://green-cip.cn-shanghai.aliyuncs.com';
/** A moderation answers in well under a second; it may not hold a question up longer than this. */
const TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;
/** The service reads at most this many characters a call (PLUS: 2,000). */
const MAX_CONTENT = 2_000;

export interface AliyunModerationConfig {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
}

/** The service as the environment configures it, or null when it is not. */
export function aliyunModerationFrom(env: Env): AliyunModerationConfig | null {
  const accessKeyId = env.ZX_ALIYUN_GREEN_ACCESS_KEY_ID?.trim();
  const accessKeySecret = env.ZX_ALIYUN_GREEN_ACCESS_KEY_SECRET?.trim();
  if (!accessKeyId || !accessKeySecret) return null;
  return { accessKeyId, accessKeySecret, endpoint: (env.ZX_ALIYUN_GREEN_ENDPOINT?.trim() || DEFAULT_ENDPOINT).replace(/\/+$/u, '') };
}

const LABELS: Array<[RegExp, string]> = [
  [/suicide|self_?harm/iu, 'self-harm'],
  [/politic|sensitive/iu, 'politics'],
  [/porn|sexual|sexy/iu, 'sexual'],
  [/violen|terror|bloody/iu, 'violence'],
  [/contraband|illegal|gambl|drug|fraud/iu, 'illegal'],
  [/abuse|insult|hate|inappropriate|discrimin/iu, 'abuse'],
];

/** RFC 3986 encoding as the signature wants it (`*` and the rest of `!'()` too). */
function percent(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signed form body of one RPC call (signature version 1.0). */
export function signedForm(config: AliyunModerationConfig, params: Record<string, string>, now: Date, nonce: string): string {
  const all: Record<string, string> = {
    ...params,
    Format: 'JSON',
    Version: '2022-03-02',
    AccessKeyId: config.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: nonce,
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/u, 'Z'),
  };
  const canonical = Object.keys(all)
    .sort()
    .map((key) => `${percent(key)}=${percent(all[key]!)}`)
    .join('&');
  const signature = createHmac('sha1', `${config.accessKeySecret}&`)
    .update(`POST&${percent('/')}&${percent(canonical)}`)
    .digest('base64');
  return `${canonical}&Signature=${percent(signature)}`;
}

interface PlusReply {
  Code?: number;
  Message?: string;
  Data?: { RiskLevel?: string; Result?: Array<{ Label?: string; RiskWords?: string }> };
}

export type CloudVerdict = GuardVerdict | { unsafe: false; review: { category: string; label: string } };

/** Asks the service about `text`; throws when it cannot be reached or answers with an error. */
export async function askAliyun(config: AliyunModerationConfig, text: string, direction: 'input' | 'output'): Promise<CloudVerdict> {
  const body = signedForm(
    config,
    {
      Action: 'TextModerationPlus',
      Service: direction === 'input' ? 'llm_query_moderation' : 'llm_response_moderation',
      ServiceParameters: JSON.stringify({ content: text.slice(0, MAX_CONTENT) }),
    },
    new Date(),
    randomUUID(),
  );
  const response = await guardedFetch(`${config.endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_BYTES,
  });
  const reply = (await response.json().catch(() => ({}))) as PlusReply;
  if (!response.ok || reply.Code !== 200) throw new Error(`Aliyun moderation refused: ${response.status} ${reply.Code ?? '?'} ${reply.Message ?? ''}`);
  const level = reply.Data?.RiskLevel ?? 'none';
  if (level !== 'high' && level !== 'medium') return { unsafe: false };
  const label = (reply.Data?.Result ?? []).map((r) => r.Label ?? '').find(Boolean) ?? level;
  const category = LABELS.find(([pattern]) => pattern.test(label))?.[1] ?? 'custom';
  return level === 'high' ? { unsafe: true, category, label } : { unsafe: false, review: { category, label } };
}
