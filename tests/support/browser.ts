// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The machine has no network: keep Chromium from trying to reach its own services. Shared with Lighthouse's launch. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
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

/**
 * Waits until React has hydrated every island of the page: each island's content is then React's (the
 * server's nodes, claimed) and the effects queued by hydration have run. The controls are shown from
 * the first paint, so being visible says nothing about hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="theme-selector"]', { state: 'visible' });
  // React comes with the visitor's first interaction (client/islands.tsx): move the mouse as one would.
  await page.mouse.move(3, 3);
  await page.mouse.move(12, 12);
  await page.waitForSelector('html[data-islands="hydrated"]', { state: 'attached' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((island) => {
      // An island whose server HTML is empty has content only once hydrated.
      const content = island.firstElementChild;
      return content !== null && Object.keys(content).some((key) => key.startsWith('__reactFiber$'));
    }),
  );
  // React runs effects (event listeners, stored filter) in a task after the commit.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The names of the page's islands, in document order. */
export function readIslandNames(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].map((island) => island.dataset.island ?? ''));
}
