// The command line's entry; server/cli.ts does the work. This file loads
// the configuration and nothing else of the server first, so that a start
// on a new embedded database can set the demo accounts' password hash
// going (scrypt on one of libuv's threads, 40–240 ms of CPU) on another core
// while the main thread loads the server, which takes longer.
//
// No top-level await: the server's code imports modules this file holds
// once it is built into one file (scripts/bundle-server-main.mjs), and a
// module still evaluating would make that import wait for ever.
import fs from 'node:fs';
import { loadConfig } from './config.js';
import { demoLogins, type DemoLogins } from './modules/account/demo-logins.js';

/** The logins a first start will seed, their hash already begun; none for any other command or database. */
function firstStartLogins(argv: string[]): DemoLogins | undefined {
  try {
    const config = loadConfig(process.env);
    if (argv[0] !== 'start' || config.database.kind !== 'sqlite' || fs.existsSync(config.database.file)) return undefined;
    const demo = demoLogins(config.demoPassword);
    // A failure is not lost: the seed awaits the same promise.
    demo.hash().catch(() => undefined);
    return demo;
  } catch {
    return undefined; // cli.ts reads the configuration again and says what is wrong with it
  }
}

const argv = process.argv.slice(2);
const demo = firstStartLogins(argv);
void import('./cli.js').then(({ runCommandLine }) => runCommandLine(argv, demo));
