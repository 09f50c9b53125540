// Origins: what a teacher types ("https://www.school.edu.cn/", "http://localhost:3000")
// checked and reduced to the exact origin a browser sends in its Origin header.
import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '../../http/origins.js';

export { normalizeOrigin } from '../../http/origins.js';

/** The origin of this server as the browser sees it (so Zhixue's own pages and /demo count as "hosted pages"). */
export function selfOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const own = [`${request.protocol}://${request.host}`];
  if (publicUrl) {
    try {
      own.push(new URL(publicUrl).origin);
    } catch {
      // not a URL: ignored (ZX_PUBLIC_URL is optional)
    }
  }
  return own.map((o) => normalizeOrigin(o) ?? o);
}

export interface OriginPolicy {
  origins: readonly string[];
  hostedPages: boolean;
}

/** May a page on `origin` use the key? Exact match only: no wildcards, no subdomains. */
export function originAllowed(policy: OriginPolicy, origin: string, self: readonly string[]): boolean {
  if (policy.origins.includes(origin)) return true;
  return policy.hostedPages && self.includes(origin);
}
