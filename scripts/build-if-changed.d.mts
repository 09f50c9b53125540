export interface BuildTarget {
  name: string;
  inputs: string[];
  outputs: string[];
  command: string[];
  env: string[];
}
export const STATE_FILE: string;
export const TARGETS: BuildTarget[];
export function fingerprint(root: string, target: BuildTarget, env?: Record<string, string | undefined>): string;
export function staleTargets(root: string, targets?: BuildTarget[], env?: Record<string, string | undefined>): BuildTarget[];
export function recordBuilt(root: string, target: BuildTarget, print?: string): void;
