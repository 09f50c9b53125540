// Rollup plugins for how the built front end reaches the browser:
//
//   modulePreloadHints  writes <link rel="modulepreload"> into index.html for
//                       every chunk the host app's entry imports statically,
//                       so the browser fetches them in parallel with
//                       app/main.js instead of after parsing it.
//   elementChunkMap     writes each element bundle's static chunks into the host
//                       app's code (src/host-app/element-chunks.ts), which asks
//                       for them with modulepreload as it imports the bundle:
//                       one round of requests instead of two.
//   precompress         writes <file>.br and <file>.gz beside every text file
//                       of the build; the server sends them as they are
//                       (@fastify/static `preCompressed`, server/http/static-site.ts),
//                       so no request spends CPU on compression.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. woff2, PNG and the like are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map|xml|wasm)$/;

/** Files smaller than this gain nothing measurable (a header costs about as much). */
const MIN_BYTES = 256;

/**
 * Every chunk `fileName` imports statically, directly or through other chunks
 * (not itself); `chunkOf` gives a chunk's `imports` by file name.
 * @param {string} fileName
 * @param {(fileName: string) => { imports: string[] } | undefined} chunkOf
 */
function staticChunkImports(fileName, chunkOf) {
  const seen = new Set();
  const pending = [fileName];
  while (pending.length) {
    for (const dep of chunkOf(pending.pop())?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      pending.push(dep);
    }
  }
  return seen;
}

/**
 * @param {{ entry: string, html: string }} options
 *   entry: the entry chunk's file name (app/main.js); html: the page asset that loads it (index.html).
 */
export function modulePreloadHints({ entry, html }) {
  return {
    name: 'zx-modulepreload-hints',
    generateBundle(_, bundle) {
      const page = bundle[html];
      const main = bundle[entry];
      if (!page || page.type !== 'asset' || !main || main.type !== 'chunk') return;
      // Static imports only (and theirs): what import() loads later stays lazy.
      const seen = staticChunkImports(entry, (fileName) => (bundle[fileName]?.type === 'chunk' ? bundle[fileName] : undefined));
      const links = [...seen].map((file) => `    <link rel="modulepreload" href="/${file}" />`).join('\n');
      const source = String(page.source);
      const tag = source.match(/^([ \t]*)<script type="module" src="\/[^"]+"><\/script>/m);
      if (!tag) this.error(`${html} has no <script type="module" src="/${entry}"> to put the preload hints before`);
      page.source = links ? source.replace(tag[0], `${links}\n${tag[0]}`) : source;
    },
  };
}

/**
 * @param {{ entry: string, elementsDir: string, marker: string }} options
 *   entry: the host app's entry chunk (app/main.js), whose first load the map leaves out;
 *   elementsDir: where the element bundles are written (elements/); marker: the string
 *   literal the map replaces.
 */
export function elementChunkMap({ entry, elementsDir, marker }) {
  return {
    name: 'zx-element-chunk-map',
    // After terser (plugins run in order): the marker survives minification as a string
    // literal. File names still hold Rollup's hash placeholders here; Rollup fills them in
    // afterwards, and the chunk's own hash then covers the names it holds.
    renderChunk(code, _chunk, _options, meta) {
      const literal = new RegExp(`(["'\`])${marker}\\1`);
      if (!literal.test(code)) return null;
      const staticImports = (fileName) => staticChunkImports(fileName, (name) => meta.chunks[name]);
      if (!meta.chunks[entry]?.isEntry) this.error(`${entry} is not an entry of this build`);
      const firstLoad = staticImports(entry);
      const map = {};
      for (const chunk of Object.values(meta.chunks)) {
        if (!chunk.isEntry || !chunk.fileName.startsWith(elementsDir)) continue;
        const bundle = chunk.fileName.slice(elementsDir.length).replace(/\.js$/, '');
        const chunks = [...staticImports(chunk.fileName)].filter((file) => !firstLoad.has(file));
        if (chunks.length) map[bundle] = chunks;
      }
      // A single-quoted literal: the JSON's own double quotes need no escaping (smaller, and it compresses better).
      const json = JSON.stringify(map).replace(/[\\']/g, (character) => `\\${character}`);
      return { code: code.replace(literal, () => `'${json}'`), map: null };
    },
  };
}

/** Brotli at its best quality and gzip at level 9: done once per build, read by every visitor. */
export function precompress() {
  return {
    name: 'zx-precompress',
    async generateBundle(_, bundle) {
      const files = Object.values(bundle).filter((file) => TEXT_FILE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          // A compressed copy no smaller than the file would only cost a decode.
          if (br.length < source.length) this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: br });
          if (gzipped.length < source.length) this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipped });
        }),
      );
    },
  };
}
