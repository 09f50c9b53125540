// The import boundaries of docs/architecture.md ("Layers and the one-face rule"),
// checked on every relative import, re-export and dynamic import():
//   - an area under src/elements imports only its own files, src/elements/shared
//     (the kit) and another area's define.ts (its face: it registers that area's
//     elements, used by tag); the kit imports no area;
//   - a server module imports another module only through its index.ts;
//   - browser code (src/, test/browser/) never imports server/;
//   - server code never imports src/;
//   - shared/ (code both sides use) imports neither src/ nor server/.
// A small local rule rather than a plugin: it needs no module resolver (the server's
// `.js` specifiers name `.ts` files), it reads only the folder an import lands in.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Repository-relative path with forward slashes. */
function rel(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function elementArea(p) {
  const m = /^src\/elements\/([^/]+)\//.exec(p);
  return m ? m[1] : null;
}

function serverModule(p) {
  const m = /^server\/modules\/([^/]+)\/(.+)$/.exec(p);
  return m ? { name: m[1], rest: m[2] } : null;
}

/** Why importing `to` from `from` breaks a boundary, or null when it does not. */
export function violation(from, to) {
  const isBrowser = from.startsWith('src/') || from.startsWith('test/browser/');
  if (isBrowser && to.startsWith('server/')) {
    return 'browser code never imports server/ (put code both sides need in shared/)';
  }
  if (from.startsWith('server/') && to.startsWith('src/')) {
    return 'server code never imports src/ (put code both sides need in shared/)';
  }
  if (from.startsWith('shared/') && (to.startsWith('src/') || to.startsWith('server/'))) {
    return 'shared/ imports neither src/ nor server/';
  }
  const fromArea = elementArea(from);
  const toArea = elementArea(to);
  // An area's define.ts is its public face: importing it only registers its custom
  // elements, which another area then uses by tag (lazily, through import()).
  const isDefine = /^src\/elements\/[^/]+\/define(\.tsx?)?$/.test(to);
  if (fromArea && toArea && fromArea !== toArea && toArea !== 'shared' && !(isDefine && fromArea !== 'shared')) {
    return fromArea === 'shared'
      ? `the kit (src/elements/shared) imports no area, here "${toArea}"`
      : `area "${fromArea}" imports another area's element files ("${toArea}"): move what both use into src/elements/shared`;
  }
  const fromModule = serverModule(from);
  const toModule = serverModule(to);
  if (fromModule && toModule && fromModule.name !== toModule.name && !/^index\.(js|ts)$/.test(toModule.rest)) {
    return `server module "${fromModule.name}" imports "${toModule.name}" past its public face: import ../${toModule.name}/index.js`;
  }
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'import boundaries between layers and areas (docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const from = rel(context.filename);
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const to = rel(path.resolve(path.dirname(context.filename), spec));
      const why = violation(from, to);
      if (why) context.report({ node: source, message: `${spec}: ${why}` });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { boundaries } };
