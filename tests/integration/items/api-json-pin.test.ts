// Pins the items API's JSON byte for byte, with the built-in content and through an upstream service:
// renaming the code inside must never change what the browser and other programs read.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { createTestApp, type TestApp } from '../../support/test-app';

const API = '/www-be/items/v1.0';

const UPSTREAM_ARTICLES = [
  {
    id: '42',
    tit: 'Réplication <b>PostgreSQL</b> & "failover"',
    sum: '<p>Résumé avec <code>pg_basebackup</code></p>',
    ctn: '<h2>Partie</h2><pre><code class="language-sql">SELECT 1;</code></pre><p><img src="/images/42.png" alt="schéma"></p>',
    date_m: '2024-05-01T08:00:00Z',
    lg: 'fr',
    tags: ['SQL', 'PostgreSQL'],
    img: ['/images/42.png'],
  },
  { id: '7', tit: 'Kafka consumers', sum: '<p>Offsets</p>', ctn: '<p>Body</p>', date_m: '2023-01-01', lg: 'en', tags: ['Kafka'], img: [] },
];

async function readAnswers(app: TestApp['app'], paths: string[]): Promise<string> {
  const answers: string[] = [];
  for (const path of paths) {
    const response = await request(app).get(`${API}${path}`);
    answers.push(`GET ${path} → ${response.status}\n${response.text}\n`);
  }
  return answers.join('\n');
}

describe('items API JSON, pinned', () => {
  describe('with the built-in content', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    });
    afterAll(() => ctx.close());

    it('answers the same bytes as when the pin was taken', async () => {
      const text = await readAnswers(ctx.app, [
        '/items?s=-date_m',
        '/items?f=spring',
        '/items/spring-batch-oeuvre',
        '/items/equipe-revues',
        '/items/nope',
        '/search?f=spring',
        '/search?f=equipe&sort=date',
      ]);
      await expect(text).toMatchFileSnapshot('./__snapshots__/items-api-builtin.txt');
    });
  });

  describe('through an upstream service', () => {
    let upstream: FakeUpstream;
    let ctx: TestApp;
    beforeAll(async () => {
      upstream = await startFakeUpstream((_req, res, url) => {
        if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) {
          return sendJson(
            res,
            200,
            UPSTREAM_ARTICLES.map(({ id, tit, date_m, tags, img, sum }) => ({ id, tit, date_m, tags, img, sum })),
          );
        }
        const found = UPSTREAM_ARTICLES.find((item) => url.pathname.endsWith(`/items/${item.id}`));
        return found ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'not found' });
      });
      ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    });
    afterAll(async () => {
      await ctx.close();
      await upstream.close();
    });

    it('answers the same bytes as when the pin was taken', async () => {
      const text = await readAnswers(ctx.app, ['/items?s=-date_m', '/items/42', '/items/7', '/items/404', '/search?f=kafka']);
      await expect(text).toMatchFileSnapshot('./__snapshots__/items-api-upstream.txt');
    });
  });
});
