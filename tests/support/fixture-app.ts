// For an integration test file: the real app on the fixture content, built before its tests and
// closed after, and its pages loaded for cheerio.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { FIXTURE_CONTENT_DIR } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export interface FixtureApp {
  /** The app under test (available once the file's tests run). */
  readonly app: TestApp['app'];
  /** A page answered 200, parsed; `cookie` is sent as the Cookie header. */
  getPage(url: string, cookie?: string): Promise<cheerio.CheerioAPI>;
}

export function setUpFixtureApp(): FixtureApp {
  let ctx: TestApp | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
  });
  afterAll(() => ctx?.close());
  const app = () => {
    if (!ctx) throw new Error('the fixture app is only there while the tests run');
    return ctx.app;
  };
  return {
    get app() {
      return app();
    },
    async getPage(url, cookie) {
      const response = await request(app())
        .get(url)
        .set('Cookie', cookie ?? '')
        .expect(200);
      return cheerio.load(response.text);
    },
  };
}
