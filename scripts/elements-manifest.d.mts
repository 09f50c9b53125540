export interface ManifestEntry {
  name: string;
  description?: string;
  type?: { text: string };
}
export interface ElementDeclaration {
  kind: 'class';
  name: string;
  tagName: string;
  description: string;
  customElement: true;
  attributes: (ManifestEntry & { fieldName?: string })[];
  members: (ManifestEntry & { kind: 'field'; attribute?: string })[];
  events: ManifestEntry[];
  slots: ManifestEntry[];
  cssParts: ManifestEntry[];
  cssProperties: ManifestEntry[];
}
export interface Manifest {
  schemaVersion: string;
  readme: string;
  modules: { kind: 'javascript-module'; path: string; declarations: ElementDeclaration[]; exports: unknown[] }[];
}
export declare const ELEMENTS_DIR: string;
export declare const MANIFEST_FILE: string;
export declare const DECLARATIONS_FILE: string;
export declare function elementSources(root?: string): string[];
export declare function bundleOf(path: string): string;
export declare function themeTokens(root?: string): string[];
export declare function documentedElements(root?: string): { path: string; declaration: ElementDeclaration }[];
export declare function buildManifest(root?: string): Manifest;
export declare function buildDeclarations(manifest: Manifest): string;
export declare function manifestText(manifest: Manifest): string;
export declare function elementsManifest(): { name: string };
