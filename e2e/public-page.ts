import type { Page } from '@playwright/test';

/**
 * Waits until the public page on screen answers clicks. The page arrives prerendered, so its
 * buttons are on screen before any script runs; a click in that moment would do nothing. The
 * static pages mark themselves once their light script listens (`static`: a click on a control
 * loads the app and reaches it after), the app's pages once the app has hydrated them (`true`).
 */
export async function waitUntilPageAnswers(page: Page): Promise<void> {
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
}

/** Opens a public page and waits until it answers clicks. */
export async function openPublicPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitUntilPageAnswers(page);
}
