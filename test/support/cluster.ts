// Several server processes behind a real load balancer, as a deployment runs
// them: each a `server/main start` (support/cli-server.ts: compiled beside
// compiled tests, through tsx from source) with its own data folder, all on one
// PostgreSQL (a schema of their own, dropped at close), one Redis (a key
// prefix of their own), one S3-compatible store (s3rver, support/s3.ts), and
// nginx round-robining every request over them (scripts/ensure-nginx.sh
// finds or installs it). Used by test/scale and bench/scale-instances.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDefaultUser } from '../../server/db/index.js';
import { startCli, stopCli, type CliServer } from './cli-server.js';
import { startTestS3, type TestS3 } from './s3.js';
import { TEST_DEMO_PASSWORD } from './server.js';

const DEFAULT_PG_URL = 'postgres://127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface Instance {
  /** Its own address (http://127.0.0.1:PORT), for checks that must reach one instance. */
  url: string;
  /** host:port, as nginx names it in X-Zx-Upstream. */
  address: string;
  cli: CliServer;
}

export interface Cluster {
  /** The balancer: http://127.0.0.1:PORT */
  url: string;
  instances: Instance[];
  /** The shared database, for checks of what was stored (search_path set to the cluster's schema). */
  sql<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Kills an instance at once (SIGKILL: no shutdown, as a crash or a lost machine). */
  kill(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** Log lines of nginx and the instances go to the console when set. */
  verbose?: boolean;
}

/** Not exited and not killed. */
export const alive = (instance: Instance) => instance.cli.child.exitCode === null && instance.cli.child.signalCode === null;

export function nginxPath(): string {
  return execFileSync('bash', [path.resolve('scripts/ensure-nginx.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  # Round-robin, one request at a time: consecutive requests land on different instances.
  upstream zhixue {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=30s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://zhixue;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      # Answers stream (SSE) and uploads pass through as they come.
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      add_header X-Zx-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function startNginx(binary: string, dir: string, port: number, upstreams: string[]): Promise<ChildProcess> {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub), { recursive: true, mode: 0o777 });
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams));
  const child = spawn(binary, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c));
  child.stderr!.on('data', (c: Buffer) => (output += c));
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const binary = nginxPath();
  const dir = await mkdtemp(path.join(tmpdir(), 'zx-cluster-'));
  const schema = `zx_scale_${randomBytes(5).toString('hex')}`;
  const databaseUrl = process.env.ZX_TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  const s3: TestS3 = await startTestS3();
  const pool = new pg.Pool({ connectionString: withDefaultUser(databaseUrl), max: 2 });
  const shared = {
    DATABASE_URL: databaseUrl,
    ZX_DB_SCHEMA: schema,
    ZX_REDIS_URL: process.env.ZX_TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
    ZX_REDIS_PREFIX: `zxscale-${randomBytes(4).toString('hex')}`,
    ZX_TRUST_PROXY: '127.0.0.1',
    ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    ZX_DEMO_COURSE: 'off', // the flows start from the demo school's users and class
    ZX_PUBLIC_DIR: path.join(dir, 'no-front-end'),
    ZX_DEMO_DIR: path.join(dir, 'no-demo'),
    ...s3.env(),
    ...options.env,
  };
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  const start = async (n: number) => {
    const dataDir = path.join(dir, `instance-${n}`);
    await mkdir(dataDir);
    const cli = await startCli({ ...shared, ZX_DATA_DIR: dataDir });
    if (options.verbose) cli.child.stdout!.pipe(process.stdout);
    return { url: cli.url, address: new URL(cli.url).host, cli };
  };
  const close = async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
    await Promise.all(instances.filter((i) => alive(i)).map((i) => stopCli(i.cli.child)));
    await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => {});
    await pool.end();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // The first one migrates and seeds the empty schema; the others start on it together.
    instances.push(await start(0));
    instances.push(...(await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => start(i + 1)))));
    const port = await freePort();
    nginx = await startNginx(
      binary,
      dir,
      port,
      instances.map((i) => i.address),
    );
    return {
      url: `http://127.0.0.1:${port}`,
      instances,
      async sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
        const client = await pool.connect();
        try {
          await client.query(`set search_path to "${schema}"`);
          return (await client.query(text, values)).rows as T[];
        } finally {
          client.release();
        }
      },
      async kill(instance) {
        if (!alive(instance)) return;
        instance.cli.child.kill('SIGKILL');
        await once(instance.cli.child, 'exit');
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
