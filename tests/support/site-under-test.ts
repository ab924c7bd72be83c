// For a browser test file: the built server on the fixture content and a Chromium, started before
// its tests and stopped after; and, per test, a fresh context with a watched page.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, waitForHydration, watchProblems, type PageProblems } from './browser';
import { FIXTURE_CONTENT_DIR } from './fixtures';
import { startServer, type ServerProcess } from './server-process';

export interface SiteUnderTest {
  readonly server: ServerProcess;
  readonly browser: Browser;
}

export function setUpSiteAndBrowser(env: Record<string, string> = {}): SiteUnderTest {
  const site = {} as { server: ServerProcess; browser: Browser };
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([startServer({ CONTENT_DIR: FIXTURE_CONTENT_DIR, ...env }), launchBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

export interface BrowsingUnderTest extends SiteUnderTest {
  /** This test's context and page, watched for console problems (new for each test). */
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watched: PageProblems;
  /** The full URL of a site path. */
  url(path: string): string;
  /** Loads a site path in this test's page and waits until every island has hydrated. */
  open(path: string): Promise<void>;
  /** A page in a new context with JavaScript off, loaded on a site path; closed after the test. */
  openWithoutJavaScript(path: string, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * What the browser test files share: the server and Chromium for the file, and for each test a new
 * context and a watched page, closed after it (with any other context the test opened through it).
 */
export function setUpBrowsing({
  env = {},
  context: contextOptions,
}: { env?: Record<string, string>; context?: BrowserContextOptions } = {}): BrowsingUnderTest {
  const site = setUpSiteAndBrowser(env);
  let current: { context: BrowserContext; page: Page; watched: PageProblems } | undefined;
  const extraContexts: BrowserContext[] = [];
  beforeEach(async () => {
    const context = await site.browser.newContext(contextOptions);
    const page = await context.newPage();
    current = { context, page, watched: watchProblems(page) };
  });
  afterEach(async () => {
    await Promise.all([current?.context.close(), ...extraContexts.splice(0).map((context) => context.close())]);
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('no page outside a test');
    return current;
  };
  const url = (path: string) => site.server.url + path;
  return {
    get server() {
      return site.server;
    },
    get browser() {
      return site.browser;
    },
    get context() {
      return now().context;
    },
    get page() {
      return now().page;
    },
    get watched() {
      return now().watched;
    },
    url,
    async open(path) {
      await now().page.goto(url(path));
      await waitForHydration(now().page);
    },
    async openWithoutJavaScript(path, options) {
      const context = await site.browser.newContext({ ...options, javaScriptEnabled: false });
      extraContexts.push(context);
      const page = await context.newPage();
      await page.goto(url(path));
      return page;
    },
  };
}
