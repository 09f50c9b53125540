// A local S3-protocol server for tests (s3rver, files in a temp folder), with
// one bucket. Tests of the S3 backend start their own; with
// ZX_TEST_STORAGE=s3 every test server (support/server.ts) shares one per
// test process, each under its own key prefix.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const TEST_BUCKET = 'zx-test-files';

export interface TestS3 {
  endpoint: string;
  port: number;
  bucket: string;
  /** The environment that points a server at this store, under a fresh prefix. */
  env(prefix?: string): Record<string, string>;
  /** Stops answering (the objects stay on disk). */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(port = 0): Promise<TestS3> {
  // Loaded here, not when a test file imports support/server.ts: most test files never start a store.
  const [{ default: S3rver }, { CreateBucketCommand, S3Client }] = await Promise.all([import('s3rver'), import('@aws-sdk/client-s3')]);
  const directory = await mkdtemp(path.join(tmpdir(), 'zx-s3rver-'));
  let server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const address = (await server.run()) as unknown as { port: number };
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  client.destroy();
  return {
    endpoint,
    port: address.port,
    bucket: TEST_BUCKET,
    env: (prefix = `t${randomBytes(6).toString('hex')}`) => ({
      ZX_STORAGE: 's3',
      ZX_S3_ENDPOINT: endpoint,
      ZX_S3_BUCKET: TEST_BUCKET,
      ZX_S3_REGION: 'us-east-1',
      ZX_S3_ACCESS_KEY_ID: 'S3RVER',
      ZX_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ZX_S3_FORCE_PATH_STYLE: 'true',
      ZX_S3_PREFIX: prefix,
    }),
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async restart() {
      if (running) return;
      server = new S3rver({ port: address.port, address: '127.0.0.1', silent: true, directory });
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

let shared: Promise<TestS3> | null = null;

/** One store for the whole test process (ZX_TEST_STORAGE=s3); closed when the process exits. */
export function sharedTestS3(): Promise<TestS3> {
  shared ??= startTestS3();
  return shared;
}
