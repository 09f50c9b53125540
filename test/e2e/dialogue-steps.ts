// Steps on the dialogue page that several end-to-end flows take as a person
// would: open it, save a prompt in this browser, ask a question.
import type { Locator, Page } from 'playwright-core';

export const dialogue = (page: Page): Locator => page.locator('zx-dialogue');

/** Opens the dialogue from the side menu and waits for the composer. */
export async function openDialogue(page: Page): Promise<void> {
  await page.locator('a[data-menu-id="13"]').click(); // 对话
  await dialogue(page).locator('[data-testid="composer-input"]').waitFor();
}

/** Saves a prompt in the prompt library (kept in this browser) and closes the library. */
export async function savePrompt(page: Page, title: string, content: string): Promise<void> {
  await dialogue(page).locator('[data-testid="open-prompt-store"]').click();
  await dialogue(page).locator('[data-testid="add-prompt"]').click();
  await dialogue(page).locator('[data-testid="prompt-title"]').fill(title);
  await dialogue(page).locator('[data-testid="prompt-content"]').fill(content);
  await dialogue(page).locator('[data-testid="save-prompt"]').click();
  await dialogue(page).locator('[data-testid="prompt-row"]', { hasText: title }).waitFor();
  await page.keyboard.press('Escape');
}

/** Sends a question, waits for the whole answer and returns the new chat's number (from the URL). */
export async function ask(page: Page, question: string): Promise<string> {
  await dialogue(page).locator('[data-testid="composer-input"]').fill(question);
  await dialogue(page).locator('[data-testid="composer-input"]').press('Enter');
  await dialogue(page).locator('[data-testid="answer"][data-status="done"]').first().waitFor({ timeout: 30_000 });
  await page.waitForURL(/\/course\/dialogue\/[\w-]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}
