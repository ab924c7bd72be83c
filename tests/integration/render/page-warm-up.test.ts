// Pages rendered before the server listens (decision 081): paths a reader could ask for, rendered as a
// request renders them, within a time budget, leaving nothing behind; never on an items service.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../../server/http/request-target';
import { listWarmUpPaths, warmUpPages } from '../../../server/render/page-warm-up';
import type { ArticleSummary } from '../../../shared/items/types';
import { paths } from '../../../shared/paths';
import { sendJson, startFakeUpstream } from '../../support/fake-upstream';
import { createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp;
let summaries: ArticleSummary[];

beforeAll(async () => {
  ctx = await createTestApp();
  summaries = await ctx.app.locals.cache.list('');
});
afterAll(() => ctx.close());

describe('the warm-up paths', () => {
  it('are page routes a reader asks for: searches of title words in both languages, page 2, date order, and the other pages', () => {
    const list = listWarmUpPaths(summaries, 60);
    expect(list).toHaveLength(60);
    expect(new Set(list).size).toBe(60);
    for (const each of list) expect(parseRequestTarget(each).policy.kind).toBe('page');
    // Besides one search that finds nothing, so that "no result" and "did you mean" render too.
    expect(list).toContain(paths.articleSearch('zzzzqx'));
    const searches = list.filter((each) => each.includes('?f=') && !each.includes('zzzzqx'));
    expect(searches.length).toBeGreaterThan(30);
    expect(searches.some((each) => each.startsWith('/en/articles?f='))).toBe(true);
    expect(searches.some((each) => each.includes('&sort=date'))).toBe(true);
    expect(searches.some((each) => each.includes('&page=2'))).toBe(true);
    const titleWords = summaries.map((summary) => summary.title.toLowerCase()).join(' ');
    for (const search of searches) {
      const filter = new URLSearchParams(search.slice(search.indexOf('?'))).get('f')!;
      for (const word of filter.split(' ')) expect(titleWords).toContain(word);
    }
    for (const page of [paths.articles, paths.tags, paths.cv, paths.about, `/en${paths.articles}`, paths.article(summaries[0]!.id)]) {
      expect(list).toContain(page);
    }
    expect(listWarmUpPaths(summaries, 60)).toEqual(list);
  });

  it('render with the status a request for them gets', async () => {
    const list = listWarmUpPaths(summaries, 24);
    const statuses: number[] = [];
    const done = await warmUpPages(
      async (url) => {
        const status = await ctx.app.locals.renderForWarmUp(url);
        statuses.push(status);
        return status;
      },
      list,
      { budgetMs: 60_000 },
    );
    expect(done.pages).toBe(24);
    for (const [at, url] of list.entries()) {
      const answer = await request(ctx.app).get(url);
      expect([url, answer.status]).toEqual([url, statuses[at]]);
    }
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(12);
  });
});

describe("the app's warm-up", () => {
  it('renders the pages it is given and keeps none of them: the first request for each is a render', async () => {
    const before = ctx.app.locals.responseCache.size;
    const done = await ctx.app.locals.warmUp({ minArticles: 0, pages: 40 });
    expect(done?.pages).toBe(40);
    expect(ctx.app.locals.responseCache.size).toBe(before);
    // The last search of the 40: no other test has asked for it.
    const last = listWarmUpPaths(summaries, 40).findLast((each) => each.includes('?f='))!;
    expect(listWarmUpPaths(summaries, 24)).not.toContain(last);
    expect((await request(ctx.app).get(last)).status).toBe(200);
    expect(ctx.app.locals.responseCache.size).toBe(before + 1);
  });

  it('does not run below its article count (the sample content has fewer than 1,000)', async () => {
    expect(summaries.length).toBeLessThan(1_000);
    expect(await ctx.app.locals.warmUp()).toBeNull();
  });

  it('does not run on an items service: not one request is sent to it', async () => {
    const upstream = await startFakeUpstream((_req, res) => sendJson(res, 200, []));
    const app = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    try {
      expect(await app.app.locals.warmUp({ minArticles: 0 })).toBeNull();
      expect(upstream.calls).toEqual([]);
    } finally {
      await app.close();
      await upstream.close();
    }
  });
});

describe('warmUpPages', () => {
  it('stops once its budget is spent, and goes on past a page that fails', async () => {
    let clock = 0;
    const asked: string[] = [];
    const done = await warmUpPages(
      async (url) => {
        asked.push(url);
        clock += 10;
        if (url === '/b') throw new Error('loader failed');
        return 200;
      },
      ['/a', '/b', '/c', '/d', '/e'],
      { budgetMs: 30, now: () => clock },
    );
    expect(asked).toEqual(['/a', '/b', '/c']);
    expect(done).toEqual({ pages: 3, ms: 30 });
  });
});
