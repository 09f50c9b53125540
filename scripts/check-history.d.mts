export interface HistoryFinding {
  reason: string;
  match: string;
}
export const HISTORY: ReadonlyArray<{ pattern: RegExp; reason: string }>;
export function findHistory(text: string): HistoryFinding[];
export function proseOfCode(fileName: string, text: string): { line: number; text: string }[];
export function checkRepository(root?: string): (HistoryFinding & { file: string; line: number })[];
