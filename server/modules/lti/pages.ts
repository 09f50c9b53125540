// The two small pages a deep linking launch shows inside the LMS frame: the
// picker (a teacher chooses a course, an assistant or an evaluation) and the
// answer that posts the signed LtiDeepLinkingResponse back to the platform's
// return URL. Plain HTML forms, in the request's language, with no inline
// script (the answer's form is sent by /app/api/lti/autopost.js).
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import type { Choice } from './choices.js';

const escape = (text: string) => text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const GROUPS: Array<{ kind: Choice['kind']; legend: string }> = [
  { kind: 'course', legend: '课程' },
  { kind: 'assistant', legend: '助手' },
  { kind: 'evaluation', legend: '测评' },
];

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;color:#1f2328}fieldset{border:1px solid #d0d7de;border-radius:8px;margin:0 0 1rem;padding:.75rem 1rem}legend{font-weight:600}label{display:block;padding:.25rem 0}button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#0b6fa4;color:#fff;cursor:pointer}`;

function page(locale: ServerLocale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function pickerPage(locale: ServerLocale, request: string, choices: Choice[]): string {
  const t = (text: string) => escape(translateMessage(text, locale));
  const title = translateMessage('选择要放入课程的内容', locale);
  const groups = GROUPS.map(({ kind, legend }) => {
    const items = choices.filter((c) => c.kind === kind);
    if (items.length === 0) return '';
    const options = items
      .map((c) => `<label><input type="radio" name="target" value="${escape(`${c.kind}:${c.id}`)}" required> ${escape(c.title)}</label>`)
      .join('');
    return `<fieldset><legend>${t(legend)}</legend>${options}</fieldset>`;
  }).join('');
  const body = choices.length
    ? `<form method="post" action="/new-chat/app/api/lti/deep-link"><input type="hidden" name="request" value="${escape(request)}">${groups}<button type="submit">${t('放入课程')}</button></form>`
    : `<p>${t('你还没有可放入的课程、助手或测评')}</p>`;
  return page(locale, title, `<main><h1>${escape(title)}</h1>${body}</main>`);
}

export function answerPage(locale: ServerLocale, returnUrl: string, jwt: string): string {
  const t = (text: string) => escape(translateMessage(text, locale));
  const title = translateMessage('正在返回课程平台', locale);
  return page(
    locale,
    title,
    `<main><h1>${escape(title)}</h1><form method="post" action="${escape(returnUrl)}"><input type="hidden" name="JWT" value="${escape(jwt)}"><button type="submit">${t('继续')}</button></form></main><script src="/new-chat/app/api/lti/autopost.js"></script>`,
  );
}

/** Sends the answer's form at once (the button stays for a browser without scripts). */
export const AUTOPOST_SCRIPT = 'document.forms[0].submit();\n';
