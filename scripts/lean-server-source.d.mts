import type { Plugin } from 'rollup';
export function leanServerSource(options?: { keep?: RegExp }): Plugin;
