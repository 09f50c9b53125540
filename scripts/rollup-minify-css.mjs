// A Rollup plugin that minifies the CSS our style modules hold as template
// literals (src/**/*.css.ts, *-css.ts, styles.ts, css.ts): comments go and
// whitespace shrinks. Elements keep their CSS in JS strings for their shadow
// roots, so terser sees it only as strings and leaves every comment and
// indentation in the bundle; in the embed panel and the host app's first load
// that was about a kilobyte of gzip (against the size budgets).
//
// Only what is certainly insignificant is touched: comments, runs of
// whitespace (to one space), and spaces next to { } ; and after , and :.
// Quoted CSS strings ("…", '…') pass through as they are. A space before `:`
// is kept (`.a :hover` is not `.a:hover`), and `${…}` parts are not touched.
import MagicString from 'magic-string';

const STYLE_MODULE = /(?:\.css|-css|\/styles|\/css)\.ts$/;
/** Quoted CSS strings, kept as they are; the text between them is minified. */
const QUOTED = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;

function minifyUnquoted(text) {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};]) ?/g, '$1')
    .replace(/([,:]) /g, '$1');
}

/** The text of one template-literal part, minified. Exported for its test. */
export function minifyCssText(text) {
  // Left to right, so a quote inside a comment opens no string and a comment
  // marker inside a string is no comment. Comments become a space; the text
  // between strings is minified once it is whole.
  let out = '';
  let plain = '';
  let rest = text;
  while (rest) {
    const comment = rest.indexOf('/*');
    const quote = rest.search(QUOTED);
    if (quote >= 0 && (comment < 0 || quote < comment)) {
      const quoted = QUOTED.exec(rest)[0];
      out += minifyUnquoted(plain + rest.slice(0, quote)) + quoted;
      plain = '';
      rest = rest.slice(quote + quoted.length);
    } else if (comment >= 0) {
      const end = rest.indexOf('*/', comment + 2);
      plain += `${rest.slice(0, comment)} `;
      rest = end < 0 ? '' : rest.slice(end + 2);
    } else {
      plain += rest;
      rest = '';
    }
  }
  return out + minifyUnquoted(plain);
}

function templateQuasis(node, found) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'TemplateLiteral') found.push(...node.quasis);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) templateQuasis(child, found);
    else if (value && typeof value === 'object' && typeof value.type === 'string') templateQuasis(value, found);
  }
}

export function minifyCssTemplates() {
  return {
    name: 'zx-minify-css-templates',
    transform(code, id) {
      if (!STYLE_MODULE.test(id) || !code.includes('`')) return null;
      const quasis = [];
      templateQuasis(this.parse(code), quasis);
      const out = new MagicString(code);
      for (const quasi of quasis) {
        const raw = code.slice(quasi.start, quasi.end);
        const minified = minifyCssText(raw);
        if (minified !== raw && quasi.end > quasi.start) out.overwrite(quasi.start, quasi.end, minified);
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
