// Types of scripts/bundle-names.mjs for the TypeScript tests that import it.
export declare const LEGACY_BUNDLE_NAMES: Readonly<Record<string, string>>;
export declare function bundleName(area: string): string;
