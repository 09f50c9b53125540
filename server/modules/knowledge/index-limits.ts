// Limits on parsing and indexing one document (documented in README,
// "Limits and failures"). Parsing runs in a worker thread held to these:
//   ZX_INDEX_MAX_MB           largest file the knowledge library parses (default 200)
//   ZX_INDEX_MAX_UNZIPPED_MB  text (XML) a DOCX or PPTX may unpack to (default 16)
//   ZX_INDEX_MEMORY_MB        heap of the parsing worker (default 1024)
//   ZX_INDEX_TIMEOUT_SECONDS  time the worker may spend on one document (default 600)
//   ZX_INDEX_MAX_ATTEMPTS     starts before a document that keeps dying with the server is failed (default 3)
//   ZX_INDEX_LEASE_SECONDS    how long a claim on a document holds without renewal; another instance takes
//                             over a document whose instance died this long after (default 120)
import type { Env } from '../../config.js';
import { readWhole } from '../uploads/index.js';

export interface IndexLimits {
  maxInputBytes: number;
  maxUnzippedBytes: number;
  memoryMb: number;
  timeoutMs: number;
  maxAttempts: number;
  leaseMs: number;
}

/** What the worker itself checks (the rest is enforced from outside it). */
export type ParseLimits = Pick<IndexLimits, 'maxInputBytes' | 'maxUnzippedBytes'>;

const MB = 1024 * 1024;

export function readIndexLimits(env: Env): IndexLimits {
  return {
    maxInputBytes: readWhole(env, 'ZX_INDEX_MAX_MB', 200, 1, 64 * 1024) * MB,
    maxUnzippedBytes: readWhole(env, 'ZX_INDEX_MAX_UNZIPPED_MB', 16, 1, 64 * 1024) * MB,
    memoryMb: readWhole(env, 'ZX_INDEX_MEMORY_MB', 1024, 64, 64 * 1024),
    timeoutMs: readWhole(env, 'ZX_INDEX_TIMEOUT_SECONDS', 600, 1, 24 * 3600) * 1000,
    maxAttempts: readWhole(env, 'ZX_INDEX_MAX_ATTEMPTS', 3, 1, 100),
    leaseMs: readWhole(env, 'ZX_INDEX_LEASE_SECONDS', 120, 2, 3600) * 1000,
  };
}
