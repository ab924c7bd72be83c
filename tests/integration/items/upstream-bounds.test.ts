// The bounds an upstream entry is cut to (decision 035), through HTTP against a hostile items service
// (tests/support/hostile-upstream.ts): an article with 100,000 tags, one with a 2 MB title, and a
// list with 54,000 distinct tags. Each page shows what a person could read, never the whole of it.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { MAX_DISTINCT_TAGS, MAX_TAGS_PER_ARTICLE, MAX_TITLE_CHARS } from '../../../server/items/upstream-entries';
import { MAX_FACETS } from '../../../shared/components/article-results';
import { startHostileUpstream, type HostileUpstream } from '../../support/hostile-upstream';
import { createTestApp, type TestApp } from '../../support/test-app';

let upstream: HostileUpstream;
let ctx: TestApp;
beforeAll(async () => {
  upstream = await startHostileUpstream('huge-fields');
  ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await ctx?.close();
  await upstream?.close();
});

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('an upstream article past the bounds', () => {
  it('shows the first MAX_TAGS_PER_ARTICLE of 100,000 tags, in the page and through the items API', async () => {
    const page = await request(ctx.app).get('/articles/many-tags').expect(200);
    expect(count(page.text, /property="article:tag"/g)).toBe(MAX_TAGS_PER_ARTICLE);
    expect(page.text).toContain('content="tag-0"');
    expect(page.text).not.toContain(`tag-${MAX_TAGS_PER_ARTICLE}"`);
    const api = await request(ctx.app).get('/www-be/items/v1.0/items/many-tags').expect(200);
    expect(api.body.tags).toHaveLength(MAX_TAGS_PER_ARTICLE);
  });

  it('shows a 2 MB title cut to MAX_TITLE_CHARS, and draws its share card', async () => {
    const page = await request(ctx.app).get('/articles/huge-title').expect(200);
    const heading = /<h1 class="h2 mb-2">([^<]*)<\/h1>/.exec(page.text)?.[1];
    expect(heading).toMatch(/^Titre Titre .*…$/);
    expect(heading!.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(page.text.length).toBeLessThan(200_000);
    const card = await request(ctx.app).get('/share/articles/huge-title.png').expect(200);
    expect(card.headers['content-type']).toBe('image/png');
  });
});

describe('an upstream list past the bounds', () => {
  it('lists at most MAX_DISTINCT_TAGS tags on /tags for 54,000 distinct ones', async () => {
    upstream.use('wide-list');
    ctx.app.locals.cache.clear();
    ctx.app.locals.responseCache.clear();
    const page = await request(ctx.app).get('/tags').expect(200);
    expect(count(page.text, /class="badge tag-badge"/g)).toBe(MAX_DISTINCT_TAGS);
    // The first ones in the list, newest first, are kept.
    expect(page.text).toContain('href="/tags/t-0"');
    await request(ctx.app).get('/tags/t-0').expect(200);
    await request(ctx.app).get('/tags/u-26999').expect(404);
    // All 27,000 reach the list and llms.txt (decoded and sanitised on the threads, read back in slices).
    const list = cheerio.load((await request(ctx.app).get('/articles').expect(200)).text);
    const props = JSON.parse(list('script[data-island-props="article-search"]').text()) as { search: { total: number } };
    expect(props.search.total).toBe(27_000);
    // The island carries no facets (nor hits): the results are server HTML, showing the first MAX_FACETS of a search's tags.
    expect(Object.keys(props).sort()).toEqual(['labels', 'lang', 'search']);
    expect(JSON.stringify(props)).not.toMatch(/"(t|u)-\d+"/);
    const search = cheerio.load((await request(ctx.app).get('/articles?f=article').expect(200)).text);
    expect(search('[data-testid="facets"] li')).toHaveLength(MAX_FACETS);
    const llms = (await request(ctx.app).get('/llms.txt').expect(200)).text;
    // Each once, and once more for the first articles, whose two tags are both among the MAX_DISTINCT_TAGS kept.
    expect(llms.match(/^- \[Article \d+\]/gm)).toHaveLength(27_000 + MAX_DISTINCT_TAGS / 2);
  }, 90_000);
});
