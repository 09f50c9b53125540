export const FOLDED_BANNER: string;
export function bundleServerMain(outDir?: string): Promise<number>;
