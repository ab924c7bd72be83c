// For a browser test file: the built server on the fixture content and a Chromium, started before
// its tests and stopped after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
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
