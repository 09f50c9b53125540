// Files in an S3-compatible object store (AWS S3, Aliyun OSS, Tencent COS,
// MinIO...) through @aws-sdk/client-s3. Keys under the configured prefix:
//   files/<stored name>                    stored files
//   uploads-partial/<session id>/<n>       chunks of uploads in progress, one object each
// A finished upload is combined by streaming its chunks in order through one
// hash (on the hash thread, hash-thread.ts) into a multipart upload
// (@aws-sdk/lib-storage) whose parts are 8 MiB (S3 wants every part but the
// last to be at least 5 MiB; our chunks are smaller, so they are grouped).
// Downloads stream from the store through the instance (ranges passed on as
// S3 ranges), so access checks, Content-Disposition and the sandbox CSP stay
// ours and the store need not be reachable from browsers.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../config.js';
import { newId } from '../db/ids.js';
import { requirePackage } from '../require-package.js';
import { ApiError } from '../http/errors.js';
import { hashThread } from './hash-thread.js';
import {
  ChunkMismatchError,
  StorageUnavailableError,
  checkStoredName,
  checkUploadId,
  notThere,
  streamToBuffer,
  type ChunkProblem,
  type FileStorage,
  type SavedStream,
} from './storage.js';

/** Parts of combined uploads (S3's minimum is 5 MiB for every part but the last). */
export const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/** The AWS SDK, loaded when S3 storage is first set up (server/require-package.ts). */
const s3Sdk = () => requirePackage<typeof ClientS3>('@aws-sdk/client-s3');

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

const isNotFound = (error: unknown) => (error instanceof s3Sdk().S3ServiceException && NOT_FOUND.has(error.name)) || statusOf(error) === 404;

/** Connection refused, timeouts, 5xx: the store is down (not a bug of ours), said as such. */
function asUnavailable(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof ChunkMismatchError) return error;
  const status = statusOf(error);
  const code = (error as { code?: string; name?: string } | null)?.code ?? (error as { name?: string } | null)?.name ?? '';
  const network = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|TimeoutError|RequestTimeout/.test(code);
  if (network || (status !== undefined && status >= 500)) {
    const message = error instanceof Error ? error.message : String(error);
    return new StorageUnavailableError(`${code || status}: ${message}`.slice(0, 200));
  }
  return error;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUnavailable(error);
  }
}

export function createS3Client(config: S3StorageConfig): S3Client {
  const { S3Client } = s3Sdk();
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Checksums only where the API requires them: several S3-compatible
    // stores do not understand the SDK's newer default (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** `client`: a client of the caller's (tests count the parts of combined uploads). */
export function createS3FileStorage(config: S3StorageConfig, dataDir: string, client: S3Client = createS3Client(config)): FileStorage {
  const {
    AbortMultipartUploadCommand,
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    PutObjectCommand,
  } = s3Sdk();
  const { Upload } = requirePackage<typeof LibStorage>('@aws-sdk/lib-storage');
  const Bucket = config.bucket;
  const prefix = config.prefix ? `${config.prefix.replace(/\/+$/u, '')}/` : '';
  const fileKey = (storedName: string) => `${prefix}files/${checkStoredName(storedName)}`;
  const uploadsPrefix = `${prefix}uploads-partial/`;
  const chunkKey = (id: string, n: number) => `${uploadsPrefix}${checkUploadId(id)}/${n}`;
  const tmpDir = path.join(dataDir, 'tmp');

  async function get(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isNotFound(error)) throw notThere(key);
      throw asUnavailable(error);
    }
  }

  /**
   * Streams pieces into one object through a multipart upload (a single PUT
   * when small), hashed on the hash thread as they pass. If that thread is
   * lost on the way, the object is removed and the upload fails: a combine
   * is run again from its chunks (the merge lease), any other save is the
   * caller's to repeat.
   */
  async function upload(key: string, pieces: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
    const hash = hashThread.passing();
    const body = Readable.from(
      (async function* () {
        for await (const piece of pieces) {
          hash.update(piece);
          yield piece;
          await hash.ready();
        }
      })(),
    );
    const task = new Upload({ client, params: { Bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT, leavePartsOnError: false });
    try {
      await guarded(() => task.done());
    } catch (error) {
      hash.abandon();
      throw error;
    }
    try {
      return await hash.digest();
    } catch (error) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
      throw error;
    }
  }

  /** Every chunk of an upload in order, the next one requested while the current one streams. */
  async function* chunksInOrder(id: string, totalChunks: number): AsyncIterable<Uint8Array> {
    let next = get(chunkKey(id, 1));
    for (let n = 1; n <= totalChunks; n++) {
      const current = await next;
      if (n < totalChunks) {
        next = get(chunkKey(id, n + 1));
        next.catch(() => {}); // surfaced when awaited
      }
      for await (const piece of current.Body as Readable) yield piece as Uint8Array;
    }
  }

  const listAll = async (listPrefix: string) => {
    const found: Array<{ key: string; modifiedMs: number; size: number }> = [];
    let token: string | undefined;
    do {
      const page = await guarded(() => client.send(new ListObjectsV2Command({ Bucket, Prefix: listPrefix, ...(token ? { ContinuationToken: token } : {}) })));
      for (const item of page.Contents ?? [])
        if (item.Key) found.push({ key: item.Key, modifiedMs: item.LastModified?.getTime() ?? 0, size: Number(item.Size ?? 0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };

  return {
    kind: 's3',
    location: `s3://${Bucket}/${prefix}`,
    async save(content) {
      const storedName = newId();
      await guarded(() => client.send(new PutObjectCommand({ Bucket, Key: fileKey(storedName), Body: content, ContentLength: content.length })));
      return storedName;
    },
    async saveStream(pieces) {
      const storedName = newId();
      return { storedName, ...(await upload(fileKey(storedName), pieces)) };
    },
    async read(storedName, range) {
      const answer = await get(fileKey(storedName), range ? `bytes=${range.start}-${range.end}` : undefined);
      const body = answer.Body as Readable;
      // Errors of the body after the first byte are the store going away mid-file.
      const out = new PassThrough({ highWaterMark: 256 * 1024 });
      pipeline(body, out).catch((error: unknown) => out.destroy(asUnavailable(error) as Error));
      return out;
    },
    async readAll(storedName) {
      const answer = await get(fileKey(storedName));
      return guarded(() => streamToBuffer(answer.Body as Readable));
    },
    async stat(storedName) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: fileKey(storedName) }));
        return { size: Number(head.ContentLength ?? 0), modifiedMs: head.LastModified?.getTime() ?? 0, etag: head.ETag ?? `"${storedName}"` };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw asUnavailable(error);
      }
    },
    async remove(storedName) {
      await guarded(() => client.send(new DeleteObjectCommand({ Bucket, Key: fileKey(storedName) })));
    },
    async localCopy(storedName) {
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `${newId()}.part`);
      const answer = await get(fileKey(storedName));
      try {
        await guarded(() => pipeline(answer.Body as Readable, fs.createWriteStream(file, { flags: 'wx' })));
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => fs.promises.rm(file, { force: true }) };
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const unavailable = asUnavailable(error);
        if (unavailable instanceof StorageUnavailableError) throw new Error(unavailable.reason);
        const status = statusOf(error);
        throw new Error(
          `bucket ${Bucket}: ${status === 404 ? 'no such bucket' : status === 403 ? 'access denied (check the keys)' : (error as Error).message}`,
        );
      }
    },
    async sweep(before) {
      let removed = 0;
      // Multipart uploads a merge left when its process died (a bucket
      // lifecycle rule "abort incomplete multipart uploads" does the same).
      try {
        const open = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: `${prefix}files/` }));
        for (const item of open.Uploads ?? []) {
          if (!item.Key || !item.UploadId || (item.Initiated?.getTime() ?? 0) >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: item.Key, UploadId: item.UploadId }));
          removed += 1;
        }
      } catch (error) {
        if (statusOf(error) !== 501 && !(error as Error).message?.includes('NotImplemented')) throw asUnavailable(error);
      }
      // Local copies made for parsers by a process that died.
      for (const name of await fs.promises.readdir(tmpDir).catch(() => [] as string[])) {
        const stat = await fs.promises.stat(path.join(tmpDir, name)).catch(() => null);
        if (stat?.isFile() && stat.mtimeMs < before) {
          await fs.promises.rm(path.join(tmpDir, name), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    chunks: {
      async write(id, slot, source, sha256) {
        // A chunk is at most ZX_UPLOAD_CHUNK_MAX_MB: held in memory, checked
        // (its checksum on the hash thread), then stored with one PUT, so a
        // short or damaged chunk never becomes an object.
        const parts: Buffer[] = [];
        let received = 0;
        let problem: ChunkProblem | null = null;
        for await (const piece of source as AsyncIterable<Buffer>) {
          if (problem) continue;
          if (received + piece.length > slot.size) {
            problem = 'too-large';
            continue;
          }
          parts.push(piece);
          received += piece.length;
        }
        if (!problem && received < slot.size) problem = 'too-small';
        if (problem) throw new ChunkMismatchError(problem);
        const body = Buffer.concat(parts, received);
        if (sha256 && (await hashThread.sha256(body)) !== sha256.toLowerCase()) throw new ChunkMismatchError('checksum');
        await guarded(() => client.send(new PutObjectCommand({ Bucket, Key: chunkKey(id, slot.number), Body: body, ContentLength: body.length })));
      },
      async has(id, slot) {
        try {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: chunkKey(id, slot.number) }));
          return Number(head.ContentLength) === slot.size;
        } catch (error) {
          if (isNotFound(error)) return false;
          throw asUnavailable(error);
        }
      },
      async firstMissing(id, slots) {
        const base = `${uploadsPrefix}${checkUploadId(id)}/`;
        const sizes = new Map((await listAll(base)).map((o) => [o.key.slice(base.length), o.size]));
        for (const slot of slots) {
          if (sizes.get(String(slot.number)) === slot.size) continue;
          // A listing may lag a write just made (stores that list eventually, a
          // loaded s3rver): the object itself is asked before the chunk is called lost.
          if (await this.has(id, slot)) continue;
          return slot.number;
        }
        return null;
      },
      async head(id, bytes) {
        const answer = await get(chunkKey(id, 1), `bytes=0-${bytes - 1}`);
        return guarded(() => streamToBuffer(answer.Body as Readable));
      },
      async combine(target): Promise<SavedStream> {
        // Always from the chunks (they stay until the session completes), so a
        // run that died anywhere in here is simply run again.
        return { storedName: target.id, ...(await upload(fileKey(target.id), chunksInOrder(target.id, target.totalChunks))) };
      },
      async remove(id) {
        const keys = (await listAll(`${uploadsPrefix}${checkUploadId(id)}/`)).map((o) => o.key);
        for (let at = 0; at < keys.length; at += 1000) {
          const batch = keys.slice(at, at + 1000);
          await guarded(() => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })));
        }
      },
      async uploads() {
        const latest = new Map<string, number>();
        for (const item of await listAll(uploadsPrefix)) {
          const id = item.key.slice(uploadsPrefix.length).split('/')[0]!;
          latest.set(id, Math.max(latest.get(id) ?? 0, item.modifiedMs));
        }
        return [...latest].map(([id, modifiedMs]) => ({ id, modifiedMs }));
      },
    },
  };
}
