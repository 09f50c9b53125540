// `node server/main.js start` in a child process, as an operator runs it:
// for tests about signals, crashes and what the process itself does.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Tests compiled into dist-tests/ (npm test) start the server compiled beside
// them, as `npm start` runs dist/; a test run from its source starts it through tsx.
const COMPILED_MAIN = fileURLToPath(new URL('../../server/main.js', import.meta.url));
/** The arguments to `node` that run the server's command line (`[...SERVER_ARGS, 'users', 'import', file]`). */
export const SERVER_ARGS = existsSync(COMPILED_MAIN) ? [COMPILED_MAIN] : ['--import', 'tsx', 'server/main.ts'];

export interface CliServer {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
}

/** Starts the server with `env` added to this process's environment; resolves once it serves. */
export async function startCli(env: Record<string, string>): Promise<CliServer> {
  // Without the sample course unless a test asks for it: its flows start from the demo school's users and class.
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    ZX_LOG_LEVEL: 'warn',
    ZX_FETCH_ALLOW: '127.0.0.1',
    ZX_DEMO_COURSE: 'off',
    ...env,
  };
  if (!('ZX_DEMO_PASSWORD' in env)) delete fullEnv.ZX_DEMO_PASSWORD;
  const child = spawn(process.execPath, [...SERVER_ARGS, 'start'], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (!/^Data: /m.test(output)) {
    if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`start printed nothing in 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /running: (http:\/\/\S+)\//.exec(output)?.[1];
  assert.ok(url, output);
  return { child, url, output: () => output };
}

/** Sends SIGTERM and resolves with the exit code. */
export async function stopCli(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
