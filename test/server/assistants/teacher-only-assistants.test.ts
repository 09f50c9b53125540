// The module's list of teaching tools must name exactly the assistants that
// migration 0003 seeded for teachers: a student would otherwise see one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SEED_ASSISTANTS } from '../../../server/db/migrations/0003_assistants.seed.js';
import { TEACHER_ONLY_ASSISTANT_IDS } from '../../../server/modules/assistants/teacher-only.js';

test('the teacher-only ids are the seeded assistants meant for teachers', () => {
  const seeded = SEED_ASSISTANTS.filter((a) => a.audience === 'teachers').map((a) => a.id);
  assert.deepEqual([...TEACHER_ONLY_ASSISTANT_IDS].sort(), seeded.sort());
});
