// The element manifest (custom-elements.json) against the code: every tag the
// code defines is documented with its attributes and events, events follow the
// one scheme of src/elements/shared/events.ts, and the committed manifest and
// declarations are what scripts/elements-manifest.mjs makes of today's JSDoc.
// A new element without its JSDoc block, or a new attribute or event left
// undocumented, fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  buildDeclarations,
  buildManifest,
  DECLARATIONS_FILE,
  elementSources,
  MANIFEST_FILE,
  manifestText,
  type ElementDeclaration,
} from '../../../scripts/elements-manifest.mjs';
import { bundleName } from '../../../scripts/bundle-names.mjs';
import { ZX_EVENTS } from '../../../src/elements/shared/events.js';
import { REPO_ROOT, repoPath } from '../../support/repo.js';
import { assertSameText } from '../../support/same-text.js';

const manifest = buildManifest(REPO_ROOT);
const elements = new Map<string, ElementDeclaration & { module: string }>();
for (const module of manifest.modules) for (const d of module.declarations) elements.set(d.tagName, { ...d, module: module.path });
const sources = elementSources(REPO_ROOT).map((file) => ({ file, code: readFileSync(repoPath(file), 'utf8') }));
const areaOf = (file: string) => file.split('/')[2] ?? '';
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const eventValues = new Map<string, string>(Object.entries(ZX_EVENTS));
/** The embed's public events (src/embed/types.ts), documented for schools; they keep their names. */
const EMBED_EVENTS = ['zx:ready', 'zx:open', 'zx:close', 'zx:message', 'zx:error'];
/** The parts every product element exposes, as Web Awesome's components do. */
const PRODUCT_PARTS = ['base', 'header', 'body', 'actions'];

interface Definition {
  tag: string;
  file: string;
  props: string[];
  events: string[];
}

/** Every `defineZxElement('zx-…', …, { props, events })` and `customElements.define('zx-…', …)` in src/elements. */
function definitions(): Definition[] {
  const found: Definition[] = [];
  for (const { file, code } of sources) {
    const calls = [...code.matchAll(/(?:defineZxElement(?:<[^>]*>)?|customElements\.define)\(\s*'(zx-[a-z-]+)'/g)];
    calls.forEach((call, i) => {
      const text = code.slice(call.index, calls[i + 1]?.index ?? code.length);
      const props = [...(/props: \{([^}]*)\}/.exec(text)?.[1] ?? '').matchAll(/(\w+):/g)].map((m) => m[1] ?? '');
      const events = [...(/events: \{([^}]*)\}/.exec(text)?.[1] ?? '').matchAll(/ZX_EVENTS\.(\w+)/g)].map((m) => eventValues.get(m[1] ?? '') ?? `?${m[1]}`);
      found.push({ tag: call[1] ?? '', file, props, events });
    });
  }
  return found;
}

describe('element manifest', () => {
  const defined = definitions();

  it('lists every defined tag, described, with the bundle that defines it', () => {
    assert.ok(defined.length >= 30, `found only ${defined.length} definitions: the scan is broken`);
    const undocumented = defined.filter((d) => !elements.has(d.tag)).map((d) => `${d.tag} (${d.file})`);
    assert.deepEqual(undocumented, [], 'add a JSDoc block with @tag above the definition (scripts/elements-manifest.mjs)');
    for (const d of defined) {
      const element = elements.get(d.tag);
      assert.ok((element?.description ?? '').length > 20, `${d.tag} has no description`);
      assert.equal(element?.module, d.file.endsWith('viewer-define.ts') ? 'elements/mind-map-viewer.js' : `elements/${bundleName(areaOf(d.file))}.js`);
    }
    // Bundles published before their area was renamed keep their URL (CMS pages load them).
    assert.equal(elements.get('zx-apps')?.module, 'elements/apps.js');
    assert.equal(elements.get('zx-dialogue')?.module, 'elements/dialogue.js');
    assert.equal(elements.get('zx-mind-map')?.module, 'elements/mind-map.js');
    assert.equal(elements.get('zx-mind-map-viewer')?.module, 'elements/mind-map-viewer.js');
    assert.equal(elements.get('zx-image-generate')?.module, 'elements/generators.js');
    assert.equal(elements.get('zx-knowledge-library')?.module, 'elements/knowledge-library.js');
    assert.equal(elements.get('zx-resource-library')?.module, 'elements/resource-library.js');
    assert.equal(elements.get('zx-portal')?.module, 'elements/portal.js');
    assert.equal(elements.get('zx-embed-chat')?.module, 'elements/portal.js');
    assert.equal(elements.get('zx-embed-admin')?.module, 'elements/embed-admin.js');
    assert.deepEqual(
      [...elements.keys()].filter((tag) => !defined.some((d) => d.tag === tag)),
      [],
      'the manifest lists a tag nothing defines',
    );
  });

  it('documents every property r2wc exposes and every attribute an element reads', () => {
    const missing: string[] = [];
    for (const d of defined) {
      const attributes = new Set(elements.get(d.tag)?.attributes.map((a) => a.name));
      for (const prop of d.props) if (!attributes.has(kebab(prop))) missing.push(`${d.tag} ${kebab(prop)}`);
    }
    // Attributes read from the host (useHostAttribute, usePlace): documented on an element of that area.
    for (const { file, code } of sources) {
      const area = areaOf(file);
      if (area === 'shared') continue;
      const documented = new Set(defined.filter((d) => areaOf(d.file) === area).flatMap((d) => elements.get(d.tag)?.attributes.map((a) => a.name) ?? []));
      for (const m of code.matchAll(/(?:useHostAttribute\([^,]+,|usePlace\([^,]+,|getAttribute\()\s*'([a-zA-Z-]+)'/g)) {
        const name = kebab(m[1] ?? '');
        if (!documented.has(name)) missing.push(`${area}: ${name} (${file})`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('documents every event an element dispatches, all in the one zx: scheme', () => {
    const missing: string[] = [];
    for (const d of defined) {
      const events = new Set(elements.get(d.tag)?.events.map((e) => e.name));
      for (const event of d.events) if (!events.has(event)) missing.push(`${d.tag} ${event}`);
    }
    for (const { file, code } of sources) {
      const area = areaOf(file);
      if (area === 'shared') continue;
      const documented = new Set(defined.filter((d) => areaOf(d.file) === area).flatMap((d) => elements.get(d.tag)?.events.map((e) => e.name) ?? []));
      const dispatched = [...code.matchAll(/emit\([^,]+, ZX_EVENTS\.(\w+)/g)].map((m) => eventValues.get(m[1] ?? '') ?? '');
      if (/\busePlace\(/.test(code)) dispatched.push(ZX_EVENTS.placeChange);
      for (const event of dispatched) if (!documented.has(event)) missing.push(`${area}: ${event} (${file})`);
    }
    assert.deepEqual(missing, []);
    const fired = new Set([...elements.values()].flatMap((e) => e.events.map((event) => event.name)));
    assert.deepEqual(
      [...eventValues.values()].filter((event) => !fired.has(event)),
      [],
      'an event of events.ts that no element documents',
    );
    const known = new Set([...eventValues.values(), ...EMBED_EVENTS]);
    assert.deepEqual(
      [...fired].filter((event) => !known.has(event)),
      [],
      'an event outside the scheme of events.ts',
    );
  });

  it('dispatches and listens with the constants of events.ts, never a bare name', () => {
    const literal: string[] = [];
    for (const dir of ['src/elements', 'src/host-app']) {
      const files = dir === 'src/elements' ? sources : hostAppSources();
      for (const { file, code } of files) {
        if (!file.startsWith(dir)) continue;
        for (const m of code.matchAll(/(?:\bemit\([^,()]+|(?:add|remove)EventListener\(|useElementEvent\([^,]+,)\s*(['`"][^'`"]+['`"])/g)) {
          if (/^['`"](zx[-:]|close|retry)/.test(m[1] ?? '')) literal.push(`${file}: ${m[0]}`);
        }
      }
    }
    assert.deepEqual(literal, []);
  });

  it('gives every product element its base, header, body and actions parts, and every primitive its base', () => {
    const committed = JSON.parse(readFileSync(repoPath(MANIFEST_FILE), 'utf8')) as { modules: { path: string; declarations: ElementDeclaration[] }[] };
    const missing: string[] = [];
    let products = 0;
    for (const module of committed.modules)
      for (const element of module.declarations) {
        const primitive = module.path === 'elements/shared.js';
        if (!primitive) products += 1;
        const wanted = !primitive ? PRODUCT_PARTS : element.tagName === 'zx-dialog' ? ['base', 'actions'] : ['base'];
        const parts = new Set(element.cssParts.map((part) => part.name));
        for (const part of wanted) if (!parts.has(part)) missing.push(`${element.tagName} ${part}`);
      }
    assert.ok(products >= 25, `found only ${products} product elements: the scan is broken`);
    assert.deepEqual(missing, [], 'add the part in the shadow DOM and a `@csspart name - what it is` line to the JSDoc block');
  });

  it('is current: custom-elements.json and elements.d.ts are what the JSDoc says today', () => {
    const hint = 'run `node scripts/elements-manifest.mjs` and commit the result';
    assertSameText(readFileSync(repoPath(MANIFEST_FILE), 'utf8'), manifestText(manifest), hint);
    const declarations = buildDeclarations(manifest);
    assertSameText(readFileSync(repoPath(DECLARATIONS_FILE), 'utf8'), declarations, hint);
    for (const tag of elements.keys()) assert.match(declarations, new RegExp(`'${tag}': Zx\\w+Element`));
  });
});

function hostAppSources(): { file: string; code: string }[] {
  const dir = repoPath('src/host-app');
  return (readdirRecursive(dir) as string[])
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ file: path.join('src/host-app', name), code: readFileSync(path.join(dir, name), 'utf8') }));
}

function readdirRecursive(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map(String);
}
