// The hash thread keeps the process alive only while it has work the process
// waits on: a command or script that hashed something ends on its own
// afterwards, and one waiting for a hash is not ended under it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';

// Run from source (tsx) or compiled beside the server (dist-tests/): the module next to this file's kind.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const HASH_THREAD = fileURLToPath(new URL(`../../../server/files/hash-thread.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url));

/** Runs a module script in a child process; its exit code and output, or 'still running' after `ms`. */
async function runScript(source: string, ms: number): Promise<{ code: number | null | 'still running'; output: string }> {
  // A file, not `-e`: a worker inherits the parent's flags, and `--input-type` stops it from starting.
  const dir = await mkdtemp(path.join(tmpdir(), 'zx-hash-idle-'));
  const file = path.join(dir, 'script.mjs');
  await writeFile(file, source);
  const child = spawn(process.execPath, [...(FROM_SOURCE ? ['--import', 'tsx'] : []), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  await rm(dir, { recursive: true, force: true });
  return { code: signal === 'SIGKILL' ? 'still running' : code, output };
}

test('a script that hashed bytes ends on its own, with the right hash', async () => {
  const script = [
    `const { hashThread } = await import(${JSON.stringify(pathToFileURL(HASH_THREAD).href)});`,
    // Nothing else holds the event loop while the hash is awaited: the thread must, until it answers.
    "console.log(await hashThread.sha256(new TextEncoder().encode('智学')));",
  ].join('\n');
  const result = await runScript(script, 30_000);
  assert.equal(result.code, 0, result.output);
  assert.equal(result.output.trim(), createHash('sha256').update('智学').digest('hex'));
});
