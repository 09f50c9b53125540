// Privacy on shared computers, through the real host app and server:
// a teacher chats (with a knowledge dataset picked) and saves a prompt in this
// browser, then signs out; a student signs in in the same tab. Nothing of the
// teacher's shows (chat, its messages, the dataset pick, the prompt library
// behind "/") or stays in storage, before and after a reload.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ask, dialogue, openDialogue, savePrompt } from './dialogue-steps.js';
import { apiCall, apiToken, launchBrowser, signIn, startServer, storageDump, withPage, type RunningServer } from './support.js';

const PROMPT_TITLE = '期中考试答案';
const PROMPT_TEXT = '第一题选C，第二题选A';
const QUESTION = '请帮我整理期中考试的阅卷要点';
const DATASET = '教师私人题库';

let browser: Browser;
let server: RunningServer;
before(async () => {
  browser = await launchBrowser();
  server = await startServer({ ZX_BUILTIN_DELAY_MS: '0' });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function createDataset(username: string, name: string): Promise<string> {
  return (await apiCall<{ id: string }>(server, await apiToken(server, username), 'POST', 'course/ragDataset', { name })).id;
}

/** What a student must not see of the teacher's, on the dialogue page as it is now. */
async function assertNothingOfTheTeacher(page: Page, teacher: { chatNumber: string; datasetId: string }): Promise<void> {
  await dialogue(page).locator('[data-testid="composer-input"]').waitFor();
  assert.ok(!page.url().includes(teacher.chatNumber), `the teacher's chat is not opened: ${page.url()}`);
  await dialogue(page).locator('[data-testid="welcome"]').waitFor();
  const text = (await dialogue(page).textContent()) ?? '';
  assert.ok(!text.includes(QUESTION), "the teacher's question is not shown");
  assert.equal(await dialogue(page).locator('[data-testid="question"]').count(), 0);
  const picker = dialogue(page).locator('[data-testid="dataset-picker"]');
  if (await picker.count()) assert.doesNotMatch((await picker.getAttribute('class')) ?? '', /active/, "the teacher's dataset pick is not kept");

  // "/" lists the prompts of this browser: none of the teacher's.
  const input = dialogue(page).locator('[data-testid="composer-input"]');
  await input.fill('/');
  await dialogue(page).locator('[data-testid="prompt-picker"]').waitFor();
  assert.ok(!((await dialogue(page).locator('[data-testid="prompt-picker"]').textContent()) ?? '').includes(PROMPT_TITLE));
  await input.fill('');

  const stored = await storageDump(page);
  for (const secret of [PROMPT_TITLE, PROMPT_TEXT, QUESTION, teacher.chatNumber, teacher.datasetId]) {
    assert.ok(!stored.includes(secret), `storage holds "${secret}":\n${stored}`);
  }
}

test('a student signing in after a teacher signed out sees and finds nothing of the teacher', async () => {
  const datasetId = await createDataset('teacher', DATASET);
  await withPage(browser, server, 'shared-computer', async (page) => {
    await signIn(page, 'teacher');
    await openDialogue(page);
    await savePrompt(page, PROMPT_TITLE, PROMPT_TEXT); // kept in this browser

    // A chat that answers from a private dataset.
    await dialogue(page).locator('[data-testid="dataset-picker"]').click();
    await dialogue(page).locator('[data-testid="dataset-picker-dialog"] label', { hasText: DATASET }).click();
    await dialogue(page).locator('[data-testid="dataset-picker-save"]').click();
    const chatNumber = await ask(page, QUESTION);
    assert.ok((await storageDump(page)).includes(PROMPT_TITLE), 'the prompt is kept while the teacher is signed in');

    // Sign out as a person would, on the profile page opened afresh (so this
    // page never loaded the dialogue's code: sign-out must still remove its
    // stored chat list), then the student signs in in the same tab.
    await page.goto(`${server.url}/profile`);
    await page.locator('[data-testid="sign-out"]').click();
    await page.locator('[data-testid="sign-out-confirm"]').click(); // sign-out asks first
    await page.waitForURL(/\/login/);
    const afterSignOut = await storageDump(page);
    assert.ok(!afterSignOut.includes(PROMPT_TITLE) && !afterSignOut.includes(chatNumber), `signed out, storage holds:\n${afterSignOut}`);

    await signIn(page, 'student');
    await page.locator('a[data-menu-id="13"]').click();
    await assertNothingOfTheTeacher(page, { chatNumber, datasetId });
    await page.reload();
    await assertNothingOfTheTeacher(page, { chatNumber, datasetId });
  });
});
