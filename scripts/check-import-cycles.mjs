// No runtime import cycle in the built server (docs/development.md,
// "Repository checks"). A cycle works only while every use of an import sits
// inside a function; the first top-level use turns it into an undefined
// binding at start-up, in whichever order the files happen to load.
//
// `node scripts/check-import-cycles.mjs [DIR]` reads the JavaScript the build
// emitted (dist/server and dist/shared by default): tsc drops imports of types
// only, so every static import and re-export left there is a runtime edge.
// Dynamic import() is not an edge (it runs after both files have loaded). It
// prints each cycle as a chain of files and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function* jsFilesUnder(dir) {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* jsFilesUnder(path);
    else if (/\.(m?js)$/u.test(entry)) yield path;
  }
}

/** The relative files a module imports or re-exports statically. */
export function staticImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const targets = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
    const isReExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly;
    if (!isImport && !isReExport) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    targets.push(resolve(dirname(file), specifier.text));
  }
  return targets;
}

/** The import graph of every .js file under the directories: Map<file, files it imports>. */
export function importGraph(dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of jsFilesUnder(dir)) graph.set(file, staticImports(file, readFileSync(file, 'utf8')));
  }
  for (const [file, targets] of graph)
    graph.set(
      file,
      targets.filter((target) => graph.has(target)),
    );
  return graph;
}

/** The strongly connected components with a cycle (Tarjan), each as a list of files. */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (start) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) components.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return components;
}

/** One cycle through the component, from its first file back to it (breadth first: a shortest one). */
export function exampleCycle(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2).map((dir) => resolve(dir)) : ['dist/server', 'dist/shared'].map((dir) => join(ROOT, dir));
  const missing = dirs.filter((dir) => !statSync(dir, { throwIfNoEntry: false })?.isDirectory());
  if (missing.length > 0) {
    console.error(`not built: ${missing.map((dir) => relative(ROOT, dir)).join(', ')} (run npm run build:server)`);
    process.exit(1);
  }
  const graph = importGraph(dirs);
  const cycles = cyclesOf(graph);
  for (const component of cycles) {
    const chain = exampleCycle(graph, component).map((file) => relative(ROOT, file));
    console.error(`import cycle through ${component.length} file(s): ${chain.join(' → ')}`);
  }
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} runtime import cycle(s); an import used only as a type is written \`import type\`.`);
    process.exit(1);
  }
  console.log(`import cycles: none in ${graph.size} built files`);
}
