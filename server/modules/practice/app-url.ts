// The address of an external practice app, as the server accepts it: an
// absolute http(s) URL with a host and no user name or password in it.
// Shown in a sandboxed iframe, so our own origin is refused too: a page of
// ours with scripts and allow-same-origin could reach out of the sandbox.
import { badRequest } from '../../http/errors.js';

export const MAX_URL_LENGTH = 2_000;

export function checkAppUrl(raw: string, ownHost: string | undefined): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('请填写完整的网址，以 http:// 或 https:// 开头');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('只支持以 http:// 或 https:// 开头的网址');
  if (!url.hostname) throw badRequest('网址缺少域名，请检查后重试');
  if (url.username || url.password) throw badRequest('网址中不能包含用户名或密码');
  if (ownHost && url.host.toLowerCase() === ownHost.toLowerCase()) throw badRequest('不能添加本平台自身的页面，请填写实践应用的网址');
  if (url.href.length > MAX_URL_LENGTH) throw badRequest(`网址太长了，最多 ${MAX_URL_LENGTH} 个字符`);
  return url.href;
}
