// A ZX_CONFIG file offering the stub media provider's image and video models
// (test/support/stub-media.ts), for tests, e2e and the bench.
import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function writeMediaConfig(baseUrl: string, options: { concurrency?: number } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zx-media-config-'));
  const file = path.join(dir, 'zx-config.json');
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'stub-media',
          baseUrl,
          apiKey: 'stub-secret-key',
          concurrency: options.concurrency ?? 2,
          models: [
            { name: 'stub-image', kind: 'image', label: 'Stub Image', sizes: ['1024x1024', '768x1344'] },
            { name: 'stub-image-url', kind: 'image' },
            { name: 'stub-image-rate-limit', kind: 'image' },
            { name: 'stub-video', kind: 'video', api: 'cogvideox', label: 'Stub Video', seconds: [5, 10], sizes: ['1280x720', '720x1280'] },
            { name: 'stub-wan', kind: 'video', api: 'dashscope-wan', seconds: [5] },
          ],
        },
      ],
    }),
  );
  return file;
}
