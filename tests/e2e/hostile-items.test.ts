// Every page type rendered in Chromium against a hostile items service (tests/support/hostile-upstream.ts):
// XSS in every field, wrong types, huge fields, impossible entries, 10,000 items, and slow, hanging,
// failing or invalid answers. No dialog opens, no script error is thrown, no page answers 500.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startHostileUpstream, type HostileBehaviour, type HostileContent, type HostileUpstream } from '../support/hostile-upstream';
import { startServer, type ServerProcess } from '../support/server-process';

const CV = '/architecte-logiciel-freelance-java-spring-angular';
const COMMON = [CV, '/articles', '/articles?f=%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/articles/missing', '/help/about', '/en/articles'];

const CASES: [HostileContent, HostileBehaviour, string[]][] = [
  ['xss', 'normal', ['/articles/xss-1', '/en/articles/xss-1', '/articles/%3Cscript%3Ealert(13)%3C%2Fscript%3E']],
  ['wrong-types', 'normal', ['/articles/types-1', '/articles/types-3']],
  ['huge-fields', 'normal', ['/articles/huge-body', '/articles/huge-code', '/articles/many-headings', '/articles/long-title']],
  ['bad-entries', 'normal', ['/articles/bad-image', '/articles/proto-lang', '/articles/control-chars', '/articles/date-impossible']],
  ['many-items', 'normal', ['/articles/item-42', '/articles?f=tag-7']],
  ['plain', 'slow', ['/articles/ok-1']],
  ['plain', 'hanging', ['/articles/ok-1']],
  ['plain', 'invalid-json', ['/articles/ok-1']],
  ['plain', 'error-500', ['/articles/ok-1']],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(CASES)('items service with %s content, %s answers', (content, behaviour, extra) => {
  let upstream: HostileUpstream;
  let server: ServerProcess;
  beforeAll(async () => {
    upstream = await startHostileUpstream(content, behaviour, { delayMs: 1_500 });
    server = await startServer({ ITEMS_SERVICE_URL: upstream.baseUrl, UPSTREAM_TIMEOUT_MS: '2000', RATE_LIMIT_PER_MINUTE: '0' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  it.each([...COMMON, ...extra])(
    '%s opens no dialog, throws no script error and is no 500',
    async (path) => {
      const context = await browser.newContext();
      const problems: string[] = [];
      try {
        const page = await context.newPage();
        page.on('dialog', (dialog) => {
          problems.push(`dialog: ${dialog.message()}`);
          void dialog.dismiss();
        });
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        const response = await page.goto(server.url + path, { timeout: 45_000 });
        expect(response?.status(), path).not.toBe(500);
        expect([200, 404, 503], path).toContain(response?.status());
        // With the islands hydrated too: the first interaction brings React.
        await page.mouse.move(5, 5);
        await page.mouse.move(25, 25);
        await page.waitForTimeout(300);
        expect(problems, path).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
