// `npm start` builds only what changed since its last build: the server (tsc)
// when a server or shared source changed, the front end (rollup) when a
// browser or shared source changed, nothing when both are up to date, so a
// second start with nothing changed serves within seconds.
//
// Each half's inputs are read and hashed (their content, not their times: a
// checkout or a copy that rewrites a file unchanged is still up to date), and
// the hash of a successful build is kept in dist/.build-state.json beside its
// outputs. A missing output, or a state file from another set of inputs,
// builds again. `npm run build` always builds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STATE_FILE = 'dist/.build-state.json';
const SKIP = new Set(['node_modules', 'dist', 'dist-tests', 'data', '.tmp', 'coverage']);

/** The two halves of the build: what each reads, what it must leave, and how it runs. */
export const TARGETS = [
  {
    name: 'server',
    inputs: [
      'server',
      'shared',
      'tsconfig.server.json',
      'tsconfig.base.json',
      'package-lock.json',
      'scripts/bundle-server-vendors.mjs',
      'scripts/bundle-server-main.mjs',
      'scripts/lean-server-source.mjs',
    ],
    outputs: ['dist/server/main.js', 'dist/node_modules/kysely/package.json'],
    command: ['npm', 'run', '--silent', 'build:server'],
    env: [],
  },
  {
    name: 'web',
    inputs: ['src', 'shared', 'scripts', 'rollup.config.mjs', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'],
    outputs: ['dist/web/index.html', 'dist/web/app/main.js'],
    command: ['npm', 'run', '--silent', 'build:web', '--', '--silent'],
    env: ['ZX_SUITE_REACT'],
  },
];

function* filesUnder(root, path) {
  const full = join(root, path);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (!SKIP.has(entry)) yield* filesUnder(root, join(path, entry));
  }
}

/** The hash of a target's inputs: every file's path and content, and the environment it reads. */
export function fingerprint(root, target, env = process.env) {
  const hash = createHash('sha256');
  for (const input of target.inputs) {
    for (const file of filesUnder(root, input)) {
      hash.update(`${relative(root, join(root, file))}\0`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  for (const name of target.env) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

function readState(root) {
  try {
    return JSON.parse(readFileSync(join(root, STATE_FILE), 'utf8'));
  } catch {
    return {};
  }
}

/** The targets whose inputs changed since their last build here, or whose outputs are missing. */
export function staleTargets(root, targets = TARGETS, env = process.env) {
  const state = readState(root);
  return targets.filter((target) => target.outputs.some((output) => !existsSync(join(root, output))) || state[target.name] !== fingerprint(root, target, env));
}

/** Notes that `target` was built from the inputs whose hash is `print` (by default, the inputs as they are now). */
export function recordBuilt(root, target, print = fingerprint(root, target)) {
  const state = readState(root);
  state[target.name] = print;
  mkdirSync(dirname(join(root, STATE_FILE)), { recursive: true });
  writeFileSync(join(root, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const stale = staleTargets(ROOT);
  if (stale.length === 0) console.log('build: up to date (nothing changed since the last build)');
  for (const target of stale) {
    // The hash is taken before the build, so a file edited while it runs builds again next time.
    const before = fingerprint(ROOT, target);
    console.log(`build: ${target.name} changed, building…`);
    const run = spawnSync(target.command[0], target.command.slice(1), { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
    recordBuilt(ROOT, target, before);
  }
}
