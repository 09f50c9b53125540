// Every JSON envelope leaves through here: its `msg` is put into the language
// the request asked for (Accept-Language), so routes never deal with it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLocale, type ServerLocale } from './locales.js';
import { translateMessage } from './translate.js';

/** The language of a request's messages (also for text a route writes itself, e.g. an SSE error). */
export function requestLocale(request: FastifyRequest): ServerLocale {
  return pickLocale(request.headers['accept-language']);
}

/**
 * A name the server hands out as data (the built-in model, a seeded category,
 * the default site title) in the request's language; a school's own names stay.
 */
export function localizedName(request: FastifyRequest, name: string): string {
  return translateMessage(name, requestLocale(request));
}

function isEnvelope(payload: unknown): payload is { code: number; msg: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { msg?: unknown }).msg === 'string' &&
    typeof (payload as { code?: unknown }).code === 'number'
  );
}

export function installMessageTranslation(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!isEnvelope(payload)) return done(null, payload);
    const locale = requestLocale(request);
    // Caches between a browser and the server must not serve one language's reply to another.
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'Accept-Language');
    else if (!String(vary).toLowerCase().includes('accept-language')) reply.header('vary', `${String(vary)}, Accept-Language`);
    if (locale === 'zh-CN') return done(null, payload);
    done(null, { ...payload, msg: translateMessage(payload.msg, locale) });
  });
}
