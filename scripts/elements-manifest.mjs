// Builds custom-elements.json (the Custom Elements Manifest, schema 2.1.0,
// which IDEs, Storybook and CMS tooling read) and the TypeScript declarations
// of our tags (HTMLElementTagNameMap) from the JSDoc block above each element's
// definition:
//
//   /**
//    * One-line summary; further lines describe it.
//    * @tag zx-thing
//    * @attr {string} thing-id - what it selects
//    * @prop {boolean} compact - a JS property that is also an attribute (`compact`)
//    * @fires zx:thing-change - {thingId} when …
//    * @slot - the default slot    (@slot name - … for a named one)
//    * @csspart base - the outer box
//    * @cssprop --zx-thing-width - …
//    */
//   defineZxElement('zx-thing', Thing, { … })
//
// These are the tags @custom-elements-manifest/analyzer reads. We do not run
// the analyzer itself: it finds elements as classes that extend HTMLElement
// or as `customElements.define(tag, Class)` calls, and all but one of ours are
// React components registered through `defineZxElement(tag, Component, options)`
// (r2wc makes the class at run time), so it would list none of them without a
// plugin re-implementing this file. Elements made with defineZxElement also get
// the theme tokens (`--zx-*`, src/elements/shared/theme.css.ts) as their CSS
// custom properties: every shadow root reads them.
//
// `node scripts/elements-manifest.mjs` rewrites the two committed files;
// the build emits them into dist/web; test/server/repository/elements-manifest.test.ts
// checks that every defined tag is documented and the files are current.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleName } from './bundle-names.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ELEMENTS_DIR = 'src/elements';
export const MANIFEST_FILE = 'custom-elements.json';
export const DECLARATIONS_FILE = 'src/elements/elements.d.ts';

/** Source files under src/elements, sorted (stable output). */
export function elementSources(root = ROOT) {
  return readdirSync(join(root, ELEMENTS_DIR), { recursive: true })
    .map((name) => join(ELEMENTS_DIR, String(name)))
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .sort();
}

/** The public bundle URL that defines a source file's elements (rollup.config.mjs names them). */
export function bundleOf(path) {
  if (path.endsWith('mindmaps/viewer-define.ts')) return 'elements/mind-map-viewer.js';
  const area = relative(ELEMENTS_DIR, path).split(/[\\/]/)[0];
  return `elements/${bundleName(area)}.js`;
}

/** The `--zx-*` tokens a page may set to theme every React element. */
export function themeTokens(root = ROOT) {
  const source = readFileSync(join(root, ELEMENTS_DIR, 'shared/theme.css.ts'), 'utf8');
  const table = source.slice(source.indexOf('const TOKENS'), source.indexOf('\n}\n', source.indexOf('const TOKENS')));
  return [...table.matchAll(/^\s+'?([a-z-]+)'?: \[/gm)].map((m) => `--zx-${m[1]}`);
}

const BLOCK = /\/\*\*((?:(?!\*\/)[\s\S])*?@tag\s[\s\S]*?)\*\/\s*([^\n]*)/g;

function cleanLines(body) {
  return body.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
}

/** `{type} name - description` (type and description optional). */
function parseTagText(text) {
  const match = /^(?:\{([^}]*)\}\s*)?(\S+)?(?:\s+-?\s*([\s\S]*))?$/.exec(text.trim());
  return { type: match?.[1]?.trim(), name: match?.[2] ?? '', description: (match?.[3] ?? '').replace(/\s+/g, ' ').trim() };
}

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Parses one JSDoc block into a manifest declaration. */
function parseBlock(body, followingCode, tokens) {
  const lines = cleanLines(body);
  const descriptionLines = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line);
    if (tag) tags.push({ name: tag[1], text: tag[2] ?? '' });
    else if (tags.length) tags[tags.length - 1].text += `\n${line}`;
    else descriptionLines.push(line);
  }
  const description = descriptionLines
    .join('\n')
    .trim()
    .replace(/\n{3,}/g, '\n\n');
  const declaration = {
    kind: 'class',
    description,
    name: '',
    tagName: '',
    customElement: true,
    attributes: [],
    members: [],
    events: [],
    slots: [],
    cssParts: [],
    cssProperties: [],
  };
  for (const { name, text } of tags) {
    const item = parseTagText(text);
    const entry = { name: item.name, ...(item.description ? { description: item.description } : {}) };
    if (name === 'tag' || name === 'tagname') declaration.tagName = item.name;
    else if (name === 'summary') declaration.summary = text.replace(/\s+/g, ' ').trim();
    else if (name === 'attr' || name === 'attribute') declaration.attributes.push({ ...entry, ...(item.type ? { type: { text: item.type } } : {}) });
    else if (name === 'prop' || name === 'property') {
      const type = item.type ? { type: { text: item.type } } : {};
      const attribute = kebab(item.name);
      declaration.members.push({ kind: 'field', ...entry, ...type, attribute });
      declaration.attributes.push({ name: attribute, ...type, ...(item.description ? { description: item.description } : {}), fieldName: item.name });
    } else if (name === 'fires' || name === 'event') {
      declaration.events.push({ ...entry, ...(item.type ? { type: { text: item.type } } : { type: { text: 'CustomEvent' } }) });
    } else if (name === 'slot') {
      // `@slot - text` is the default slot (no name).
      const unnamed = item.name === '-' || item.name === '';
      declaration.slots.push({ name: unnamed ? '' : item.name, description: unnamed ? text.replace(/^\s*-?\s*/, '').trim() : (item.description ?? '') });
    } else if (name === 'csspart') declaration.cssParts.push(entry);
    else if (name === 'cssprop' || name === 'cssproperty') declaration.cssProperties.push(entry);
  }
  if (/^defineZxElement\b/.test(followingCode)) {
    const own = new Set(declaration.cssProperties.map((p) => p.name));
    for (const token of tokens)
      if (!own.has(token)) declaration.cssProperties.push({ name: token, description: 'theme token (src/elements/shared/theme.css.ts)' });
  }
  declaration.name = declaration.tagName
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
    .concat('Element');
  return declaration;
}

/** Every documented element: [{ path, declaration }], in file order. */
export function documentedElements(root = ROOT) {
  const tokens = themeTokens(root);
  const found = [];
  for (const path of elementSources(root)) {
    const source = readFileSync(join(root, path), 'utf8');
    for (const match of source.matchAll(BLOCK)) {
      found.push({ path, declaration: parseBlock(match[1], match[2].trim(), tokens) });
    }
  }
  return found;
}

/** The manifest: one module per public bundle, its elements in definition order. */
export function buildManifest(root = ROOT) {
  const modules = new Map();
  for (const { path, declaration } of documentedElements(root)) {
    const bundle = bundleOf(path);
    if (!modules.has(bundle)) modules.set(bundle, { kind: 'javascript-module', path: bundle, declarations: [], exports: [] });
    const module = modules.get(bundle);
    module.declarations.push(declaration);
    module.exports.push({ kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, module: bundle } });
  }
  return {
    schemaVersion: '2.1.0',
    readme: 'Zhixue custom elements. Generated by scripts/elements-manifest.mjs from the JSDoc above each definition; do not edit.',
    modules: [...modules.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
}

const TS_TYPES = new Set(['string', 'number', 'boolean']);

/** `HTMLElementTagNameMap` entries for every tag, with the JS properties typed. */
export function buildDeclarations(manifest) {
  const out = [
    '// Generated by scripts/elements-manifest.mjs from the JSDoc above each element; do not edit.',
    "// document.querySelector('zx-dialogue') and document.createElement('zx-dialogue') are typed by it.",
    '/* eslint-disable @typescript-eslint/no-empty-object-type -- every tag has its own named interface, with or without properties */',
    'export {}',
    '',
    'declare global {',
  ];
  const tags = [];
  for (const module of manifest.modules) {
    for (const element of module.declarations) {
      const summary = (element.description.split('\n\n')[0] ?? '').replace(/\s+/g, ' ').replaceAll('*/', '*\\/');
      out.push(`  /** ${summary} (${module.path}) */`);
      const fields = element.members.map((m) => {
        const type = TS_TYPES.has(m.type?.text) ? m.type.text : m.type?.text?.includes("'") ? m.type.text : 'unknown';
        return `${m.name}?: ${type}`;
      });
      out.push(`  interface ${element.name} extends HTMLElement {${fields.length ? ` ${fields.join('; ')} ` : ''}}`);
      tags.push(`    '${element.tagName}': ${element.name}`);
    }
  }
  out.push('  interface HTMLElementTagNameMap {', ...tags, '  }', '}', '');
  return out.join('\n');
}

export function manifestText(manifest) {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A rollup plugin: emits custom-elements.json and elements.d.ts next to the bundles. */
export function elementsManifest() {
  return {
    name: 'zx-elements-manifest',
    buildStart() {
      for (const path of elementSources()) this.addWatchFile(join(ROOT, path));
    },
    generateBundle() {
      const manifest = buildManifest();
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: manifestText(manifest) });
      this.emitFile({ type: 'asset', fileName: 'elements.d.ts', source: buildDeclarations(manifest) });
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = buildManifest();
  writeFileSync(join(ROOT, MANIFEST_FILE), manifestText(manifest));
  writeFileSync(join(ROOT, DECLARATIONS_FILE), buildDeclarations(manifest));
  const count = manifest.modules.reduce((n, m) => n + m.declarations.length, 0);
  console.log(`${MANIFEST_FILE}, ${DECLARATIONS_FILE}: ${count} elements`);
}
