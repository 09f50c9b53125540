export const FOLDED_PACKAGES: string[];
export function packageEntries(name: string): Record<string, string>;
export function bundleServerVendors(outDir?: string): Promise<Record<string, number>>;
