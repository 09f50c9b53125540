// The folded server's files as V8 keeps them: V8 holds every module's source
// text for as long as the process runs (it compiles functions lazily, from
// that text), so what a folded file carries beyond code is memory that
// never comes back.
//
// Two things made it large. A comment is kept text. And a single Chinese
// message makes V8 store the whole file as a two-byte string: the server's
// folded chunk (2 MB, with the Chinese envelope messages) took 3.75 MB of
// heap. Printed without comments and with every non-ASCII character written
// as an escape (\uXXXX, the same string at run time), the three folded files
// took about 3 MB less of a settled server's memory.
//
// The code is reprinted, not minified: names, statements and lines stay as
// they are, so a stack trace without source maps is still readable; the
// source map chains through the reprint.
import terser from '@rollup/plugin-terser';

/**
 * Rollup output plugin: the chunk without comments (but those whose text `keep` matches), in ASCII,
 * otherwise the same code. `keep` is a RegExp, not a function: the options are copied into terser's worker.
 */
export function leanServerSource({ keep } = {}) {
  return terser({
    module: true,
    compress: false,
    mangle: false,
    // One process: the folds are built one after another, and a worker pool per fold costs more than it saves.
    maxWorkers: 1,
    format: {
      ascii_only: true,
      beautify: true,
      indent_level: 2,
      comments: keep ?? false,
    },
  });
}
