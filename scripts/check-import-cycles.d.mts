export function staticImports(file: string, text: string): string[];
export function importGraph(dirs: string[]): Map<string, string[]>;
export function cyclesOf(graph: Map<string, string[]>): string[][];
export function exampleCycle(graph: Map<string, string[]>, component: string[]): string[];
