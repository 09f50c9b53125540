// Resident memory of a process and the processes it started (Linux /proc).
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function vmRss(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Bytes resident in `pid` and all its descendants (worker threads are part of their process). */
export function residentBytes(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const child = Number(name);
    if (!Number.isInteger(child)) continue;
    const parent = parentOf(child);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  let total = 0;
  const pending = [pid];
  while (pending.length) {
    const next = pending.pop()!;
    total += vmRss(next);
    pending.push(...(children.get(next) ?? []));
  }
  return total;
}
