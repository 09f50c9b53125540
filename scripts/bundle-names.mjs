// The public file name of each area's element bundle (dist/web/elements/<name>.js).
// An area's folder is named like the same area in every other layer (src/api,
// src/stores, src/i18n, server/modules); a few bundles were published under an
// older name that CMS pages, the host app (src/host-app/areas.ts) and schools'
// embeds still load, so those keep their file name here: a public URL never moves.
export const LEGACY_BUNDLE_NAMES = {
  assistants: 'apps',
  chat: 'dialogue',
  embed: 'embed-admin', // <zx-embed-admin>; not embed.js, the script-tag entry
  generations: 'generators',
  knowledge: 'knowledge-library',
  mindmaps: 'mind-map', // and elements/mind-map-viewer.js, the viewer's own build (rollup.config.mjs)
  portals: 'portal', // <zx-portal> and <zx-embed-chat>, the public pages
  resources: 'resource-library',
};

/** The bundle file name (without .js) for the area folder src/elements/<area>. */
export function bundleName(area) {
  return LEGACY_BUNDLE_NAMES[area] ?? area;
}
