export const FOLDED_BANNER: string;
export function moduleUrlExpression(moduleId: string, chunkFile: string): string;
export function bundleServerMain(outDir?: string): Promise<number>;
