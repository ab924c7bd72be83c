// Reading an article, as the server renders it: reading time, table of contents, heading links,
// code blocks ready for a copy button, previous/next links and tag badges that filter the list.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { setUpFixtureApp } from '../../support/fixture-app';
import { createTestApp, type TestApp } from '../../support/test-app';

const fixture = setUpFixtureApp();
const { getPage } = fixture;

describe('reading time', () => {
  it('says how many minutes the body takes to read, in the interface language', async () => {
    expect((await getPage('/articles/spring-batch-oeuvre'))('[data-testid="reading-time"]').text()).toBe('2 min de lecture');
    expect((await getPage('/articles/http-caching'))('[data-testid="reading-time"]').text()).toBe('1 min de lecture');
  });
});

describe('table of contents', () => {
  it('lists the headings nested and numbered as on the page, each linking to its heading', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    const toc = $('nav[data-testid="toc"]');
    expect($(`#${toc.attr('aria-labelledby')}`).text()).toBe('Sommaire');
    const entries = toc
      .find('a')
      .map((_, link) => `${'  '.repeat($(link).parents('ol').length - 1)}${$(link).text()} ${$(link).attr('href')}`)
      .get();
    expect(entries).toEqual([
      '1 Configuration #1-configuration',
      '  1.1 Dépendances #1-1-dependances',
      '  1.2 Mise en œuvre #1-2-mise-en-oeuvre',
      '2 Exploitation #2-exploitation',
    ]);
    // Every link leads to a heading of the body showing the same number and text.
    for (const link of toc.find('a').toArray()) {
      const heading = $(`.article-body [id="${$(link).attr('href')?.slice(1)}"]`);
      expect(heading.prop('tagName')).toMatch(/^H[2-6]$/);
      expect(heading.text()).toBe($(link).text());
    }
  });

  it('titles the contents of an English article in the interface language, its entries in English', async () => {
    const $ = await getPage('/articles/http-caching');
    const toc = $('nav[data-testid="toc"]');
    expect([toc.attr('lang'), $(`#${toc.attr('aria-labelledby')}`).text()]).toEqual(['fr', 'Sommaire']);
    expect([toc.find('ol').attr('lang'), toc.find('a').text()]).toEqual(['en', '1 Validators']);
    expect($('[data-testid="reading-time"]').closest('[lang]').attr('lang')).toBe('fr');
  });

  it('is left out for an article without headings', async () => {
    const $ = await getPage('/articles/old-postgres');
    expect($('[data-testid="article"]').text()).toContain('Texte sans titre.');
    expect($('nav[data-testid="toc"]')).toHaveLength(0);
    expect(
      $('nav')
        .map((_, nav) => $(nav).attr('aria-label') ?? $(`#${$(nav).attr('aria-labelledby')}`).text())
        .get(),
    ).not.toContain('Sommaire');
  });
});

describe('heading links', () => {
  it('gives each heading a link to its own anchor, named in the interface language after the heading', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    const links = $('.article-body a.heading-anchor');
    expect(links.map((_, link) => $(link).attr('href')).get()).toEqual(['#1-configuration', '#1-1-dependances', '#1-2-mise-en-oeuvre', '#2-exploitation']);
    const name = (link: (typeof links)[number]) =>
      ($(link).attr('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => $(`[id="${id}"]`).text())
        .join(' ');
    expect(name(links[2]!)).toBe('Lien vers la section 1.2 Mise en œuvre');
    expect(links.find('svg[aria-hidden="true"]')).toHaveLength(4);
  });
});

describe('code blocks', () => {
  it('are marked for a copy button that only the browser adds: no button in the server’s HTML', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    expect($('.article-body .code-block > pre')).toHaveLength(2);
    expect($('.article-body button')).toHaveLength(0);
    // The region that will announce "Copié" is there from the start, empty.
    expect($('[data-testid="copy-status"]').attr('role')).toBe('status');
    expect($('[data-testid="copy-status"]').text()).toBe('');
  });
});

describe('previous and next articles', () => {
  it('links the article published just before (previous) and just after (next)', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    const pager = $('nav[data-testid="article-pager"]');
    expect(pager.attr('aria-label')).toBe('Autres articles');
    expect([pager.find('[data-testid="previous-article"]').attr('href'), pager.find('[data-testid="previous-article"]').text()]).toEqual([
      '/articles/old-postgres',
      '← Article précédentPostgreSQL EXPLAIN pour les débutants',
    ]);
    expect([pager.find('[data-testid="next-article"]').attr('href'), pager.find('[data-testid="next-article"]').text()]).toEqual([
      '/articles/http-caching',
      // An English article, badged (decision 040): "EN" to the eye, "English" to a screen reader.
      'Article suivant →HTTP caching headers in practiceENEnglish',
    ]);
    expect(pager.find('[data-testid="next-article"] [lang="en"]').first().text()).toBe('HTTP caching headers in practice');
  });

  it('walks the whole list in date order, with no next for the newest and no previous for the oldest', async () => {
    const oldestFirst = [...FIXTURE_IDS_NEWEST_FIRST].reverse();
    for (const [at, id] of oldestFirst.entries()) {
      const $ = await getPage(`/articles/${id}`);
      expect($('[data-testid="previous-article"]').attr('href')).toBe(at > 0 ? `/articles/${oldestFirst[at - 1]}` : undefined);
      expect($('[data-testid="next-article"]').attr('href')).toBe(at < oldestFirst.length - 1 ? `/articles/${oldestFirst[at + 1]}` : undefined);
    }
  });
});

describe('tag badges', () => {
  it('link an article’s tags to each tag’s page, and that page holds the article', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    const hrefs = $('[data-testid="article"] .tag-badges a')
      .map((_, link) => $(link).attr('href'))
      .get();
    expect(hrefs).toEqual(['/tags/Java', '/tags/Spring']);
    const list = await getPage(hrefs[0]!);
    expect(
      list('[data-testid="article-card"] a.stretched-link')
        .map((_, link) => list(link).attr('href'))
        .get(),
    ).toEqual(['/articles/spring-batch-oeuvre']);
  });

  it('URL-encode the tag on list cards, beside the card’s link rather than inside it', async () => {
    const $ = await getPage('/articles');
    const card = $('[data-testid="article-card"]').first();
    expect(
      card
        .find('.tag-badges a')
        .map((_, link) => [[$(link).text(), $(link).attr('href')]])
        .get(),
    ).toEqual([
      ['Méthodes', '/tags/M%C3%A9thodes'],
      ['Équipe', '/tags/%C3%89quipe'],
    ]);
    expect($('a a')).toHaveLength(0);
    const tagPage = await getPage('/tags/%C3%89quipe');
    expect(tagPage('[data-testid="article-card"] h2').text()).toBe("Revues de code : organiser l'équipe");
  });
});

describe('items API', () => {
  it('serves the same article fields as before: the page computes what it shows from them', async () => {
    const response = await request(fixture.app).get('/www-be/items/v1.0/items/spring-batch-oeuvre').expect(200);
    expect(Object.keys(response.body as object).sort()).toEqual(['ctn', 'date_m', 'id', 'img', 'lg', 'sum', 'tags', 'tit']);
    expect((response.body as { ctn: string }).ctn).toContain('<a class="heading-anchor" href="#1-2-mise-en-oeuvre"');
  });
});

describe('when the list cannot be had', () => {
  let upstream: FakeUpstream;
  let upstreamApp: TestApp;
  afterEach(async () => {
    await upstreamApp?.close();
    await upstream?.close();
  });

  it('still shows the article, without previous/next links', async () => {
    upstream = await startFakeUpstream((_req, res, url) => {
      if (url.pathname.endsWith('/items/42')) {
        return sendJson(res, 200, {
          id: 42,
          tit: 'Quarante-deux',
          sum: '<p>Résumé</p>',
          ctn: '<h2>Seul titre</h2><p>Corps</p>',
          date_m: '2024-01-01',
          lg: 'fr',
          tags: [],
        });
      }
      sendJson(res, 500, { error: 'down' });
    });
    upstreamApp = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const response = await request(upstreamApp.app).get('/articles/42').expect(200);
    const $ = cheerio.load(response.text);
    expect($('[data-testid="article"] h1').text()).toBe('Quarante-deux');
    expect($('nav[data-testid="toc"] a').attr('href')).toBe('#1-seul-titre');
    expect($('nav[data-testid="article-pager"]')).toHaveLength(0);
  });
});
