import type { Page } from '@playwright/test';

/**
 * Opens a public page and waits until the app has hydrated it. The page arrives prerendered, so
 * its buttons are on screen before their script runs; a click in that moment would do nothing.
 */
export async function openPublicPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
}
