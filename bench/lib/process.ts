// Helpers for benches that measure other processes (Linux /proc).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** CPU seconds a process has used so far (user + system, from /proc; CLK_TCK 100). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface PortProcess {
  port: number;
  /** Whatever followed the port on the first line (e.g. a token). */
  said: string;
  pid: number;
  stop(): Promise<void>;
}

/** Runs a baseline server script (`node SCRIPT ...args`) that prints its port (and maybe more, space-separated) on its first line. */
export async function startPortPrinter(script: string, args: string[] = []): Promise<PortProcess> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const [port, ...rest] = String(line).trim().split(' ');
  return {
    port: Number(port),
    said: rest.join(' '),
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
