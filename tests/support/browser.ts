// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // The machine has no network: keep Chromium from trying to reach its own services.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface PageProblems {
  /** Console errors and warnings, page errors, failed requests and 4xx/5xx sub-resources. */
  problems: string[];
}

/** Records everything that would show as a red line in the developer tools. */
export function watchProblems(page: Page): PageProblems {
  const record: PageProblems = { problems: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium reports a document answered with an error status (the 404 page) as a console error.
    const aboutDocument = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if (!aboutDocument) record.problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => record.problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation that replaces a pending one is aborted on purpose.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') record.problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') record.problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return record;
}

/** A new context and page, watched for console problems: what each browser test starts from. */
export async function openWatchedPage(browser: Browser, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; watched: PageProblems }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, watched: watchProblems(page) };
}

/** Waits until React has hydrated the page: the theme selector is only shown by the browser. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="theme-selector"]', { state: 'visible' });
}
