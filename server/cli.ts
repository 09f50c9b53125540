// Command line: `start` (migrate, seed an empty database, serve),
// `migrate`, `users import FILE.csv` and `records`; run by server/main.ts.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describeModels } from './ai/catalogue.js';
import { builtinDelayMs, loadAiConfig } from './ai/provider-config.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { seedIfEmpty, type SeedResult } from './db/seed.js';
import { createFileStorage } from './files/create-storage.js';
import { DEMO_USERS } from './db/seed-content.js';
import { stdoutLog } from './http/log-stream.js';
import { describeStorage, openDatabase, stopServer } from './lifecycle.js';
import { demoLogins, type DemoLogins } from './modules/account/index.js';
import { importRoster } from './modules/admin/index.js';
import { recordsCommand, recordSettings } from './modules/records/index.js';
import { testClock } from './test-clock.js';

const USAGE = `usage:
  node dist/server/main.js start               migrate, seed an empty database, serve
  node dist/server/main.js migrate             apply database migrations and exit
  npm run users -- import FILE.csv             create accounts from a roster
                                               (header: username,name,client_type,class,password)
  npm run records -- verify                    check the operation records' hash chain (exit 1 when broken)
  npm run records -- prune [DAYS]              remove records older than DAYS (default ZX_RECORDS_RETENTION_DAYS)`;

/** How long in-flight requests get to finish on SIGINT/SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long the last log lines get to reach a slow stdout before the process exits anyway. */
const LOG_DRAIN_MS = 2_000;

function printLogins(seed: SeedResult, url: string): void {
  const lines = [`\n智学 Zhixue is running: ${url}`];
  if (seed.demo) {
    const how = seed.demo.passwordGenerated ? 'generated now and shown only this once; set ZX_DEMO_PASSWORD to choose it' : 'from ZX_DEMO_PASSWORD';
    lines.push(`Demo logins (password: ${seed.demo.password}  — ${how}):`);
  } else {
    lines.push('Demo logins (password as printed at the first start, or ZX_DEMO_PASSWORD then):');
  }
  for (const user of DEMO_USERS) lines.push(`  ${user.username.padEnd(8)} ${user.nickname}  client type ${user.clientTypes.join(',')}`);
  console.log(lines.join('\n'));
}

/** `early`: the demo logins whose hash main.ts began, on a new database. */
async function start(config: Config, early: DemoLogins | undefined): Promise<void> {
  // Model configuration is checked before anything opens, so a typo stops start-up at once.
  const aiConfig = loadAiConfig(config.env);
  builtinDelayMs(config.env);
  const now = testClock(config.env);
  const demo = early ?? demoLogins(config.demoPassword);
  const data = await openDatabase(config);
  // Demo embed keys start off unless a development machine asks for them on.
  const seed = await seedIfEmpty(data.db, {
    demo,
    files: createFileStorage(config),
    sampleCourse: config.demoCourse,
    demoEmbedKeysEnabled: config.env.ZX_DEMO_EMBED_KEYS?.trim() === 'enabled',
  });
  // Never pino's default stdout destination: it can hold the exit for ever (http/log-stream.ts).
  const log = stdoutLog();
  const app = buildApp({ config, data, aiConfig, logger: { stream: log }, ...(now ? { now } : {}) });
  await app.listen({ port: config.port, host: config.host });
  // With the providers a manager added in the browser (loaded as the app became ready).
  const ai = app.zx.ai;

  const { port } = app.server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  printLogins(seed, `http://${shownHost}:${port}/`);
  console.log(`Models: ${describeModels(ai)}`);
  console.log(`Data: ${describeStorage(config)}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C means "now"
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    stopServer(app, data).then(
      async () => {
        await log.drain(LOG_DRAIN_MS);
        process.exit(0);
      },
      async (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        // Also on stderr: the log on stdout may be the stalled stream, and this line says why the exit code is 1.
        process.stderr.write(`zhixue: shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        await log.drain(LOG_DRAIN_MS);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function migrate(config: Config): Promise<void> {
  const data = await openDatabase(config);
  await data.close();
  console.log(`Database is up to date (${describeStorage(config)}).`);
}

async function importUsers(config: Config, file: string | undefined): Promise<number> {
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    console.error(`Cannot read ${file}: check the path.`);
    return 2;
  }
  const data = await openDatabase(config);
  try {
    const result = await importRoster(data.db, text);
    if (!result.ok) {
      console.error(`${file}: nothing was imported; fix these rows and run again:`);
      for (const p of result.problems) console.error(`  line ${p.line}: ${p.reason}`);
      return 1;
    }
    const classes = result.classesCreated.length ? `; new classes: ${result.classesCreated.join(', ')}` : '';
    console.log(`Imported ${result.created} accounts from ${file}${classes}.`);
    return 0;
  } finally {
    await data.close();
  }
}

async function main(argv: string[], early: DemoLogins | undefined): Promise<number | undefined> {
  const [command, ...args] = argv;
  const config = loadConfig(process.env);
  switch (command) {
    case 'start':
      await start(config, early);
      return undefined; // keeps running
    case 'migrate':
      await migrate(config);
      return 0;
    case 'users':
      if (args[0] === 'import') return importUsers(config, args[1]);
      console.error(USAGE);
      return 2;
    case 'records': {
      const data = await openDatabase(config);
      try {
        return await recordsCommand(data, args, recordSettings(config.env).retentionDays, config.env);
      } finally {
        await data.close();
      }
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

/** Runs one command (`argv` without node and the script); sets the exit code, or exits on a failure. */
export function runCommandLine(argv: string[], early?: DemoLogins): void {
  main(argv, early).then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        console.error(`zhixue: invalid configuration: ${error.message}`);
        process.exit(2);
      }
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        console.error(`zhixue: port ${process.env.PORT ?? 8080} is already in use; stop the other program or set PORT to a free port`);
        process.exit(2);
      }
      console.error(`zhixue: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
