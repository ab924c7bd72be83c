// The article list and article pages as the server renders them, on the fixture content.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { setUpFixtureApp } from '../../support/fixture-app';

const fixture = setUpFixtureApp();
const { getPage } = fixture;

describe('article list page', () => {
  it('shows one card per article, newest first, each linking to its article', async () => {
    const $ = await getPage('/articles');
    const cards = $('[data-testid="article-card"]');
    expect(cards.map((_, card) => $(card).find('a.stretched-link').attr('href')).get()).toEqual(FIXTURE_IDS_NEWEST_FIRST.map((id) => `/articles/${id}`));
    expect($('[data-testid="result-count"]').text()).toBe('4 articles');
  });

  it('shows title, French date, tag badges and a thumbnail on a card', async () => {
    const $ = await getPage('/articles');
    const card = $('[data-testid="article-card"]').first();
    expect(card.find('h2').text()).toBe("Revues de code : organiser l'équipe");
    expect(card.find('time').text()).toBe('10/02/2025');
    expect(card.find('time').attr('datetime')).toBe('2025-02-10T00:00:00.000Z');
    expect(
      card
        .find('.badge')
        .map((_, badge) => $(badge).text())
        .get(),
    ).toEqual(['Méthodes', 'Équipe']);
    const thumb = card.find('img.article-thumb');
    // A site raster: its fallback is the 96 px copy in its own format (AVIF and WebP come first in <picture>).
    expect([thumb.attr('src'), thumb.attr('width'), thumb.attr('height')]).toEqual(['/images/photo-96.96w.png', '64', '64']);
    expect($('[data-testid="article-card"]').eq(1).find('img')).toHaveLength(0);
  });

  it('renders the summary as HTML cut to 300 characters with …', async () => {
    const $ = await getPage('/articles');
    const summary = $('[data-testid="article-card"]').first().find('.article-summary');
    expect(summary.find('strong').text()).toBe('équipe');
    expect(summary.text()).toHaveLength(301);
    expect(summary.text().endsWith('…')).toBe(true);
    expect(summary.text()).toContain('règles simples & mesurables');
    const short = $('[data-testid="article-card"]').eq(1).find('.article-summary');
    expect(short.text()).toBe('ETag, Cache-Control and revalidation for a Spring API.');
  });

  it('filters with ?f= as a plain GET form would, keeping the query in the box', async () => {
    const $ = await getPage('/articles?f=oeuvre');
    expect(
      $('[data-testid="article-card"] h2')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(['Mise en œuvre de Spring Batch']);
    expect($('form.article-search').attr('method')).toBe('get');
    expect($('form.article-search').attr('action')).toBe('/articles');
    expect($('input[name="f"]').attr('value')).toBe('oeuvre');
    expect($('input[name="f"]').attr('placeholder')).toBe('Chercher un article');
    expect($('[data-testid="result-count"]').text()).toBe('1 article pour « oeuvre »');
  });

  it('says clearly when nothing matches, with a way back to all articles', async () => {
    const $ = await getPage('/articles?f=kubernetes');
    expect($('[data-testid="article-card"]')).toHaveLength(0);
    expect($('[data-testid="no-match"]').text()).toContain('Aucun article ne correspond à « kubernetes ».');
    expect($('[data-testid="no-match"] a').attr('href')).toBe('/articles');
  });

  it('bounds a very long search text instead of failing', async () => {
    const $ = await getPage(`/articles?f=${'spring%20'.repeat(1000)}`);
    expect(($('input[name="f"]').attr('value') ?? '').length).toBeLessThanOrEqual(200);
  });
});

describe('article page', () => {
  it('shows breadcrumb, title, date, summary and body with highlighted code and numbered headings', async () => {
    const $ = await getPage('/articles/equipe-revues');
    const crumbs = $('nav .breadcrumb li');
    expect(crumbs.first().find('a').attr('href')).toBe('/articles');
    expect(crumbs.first().text()).toBe('Articles');
    expect(crumbs.last().text()).toBe("Revues de code : organiser l'équipe");
    const article = $('[data-testid="article"]');
    expect(article.find('h1').text()).toBe("Revues de code : organiser l'équipe");
    expect(article.find('time').text()).toBe('10/02/2025');
    expect(article.find('.article-summary strong').text()).toBe('équipe');
    expect(
      article
        .find('.article-body h2, .article-body h3')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(['1 Contexte', '1.1 Mesures', '1.2 Règles', '2 Résultats']);
    expect(article.find('code.hljs.language-bash .hljs-built_in, code.hljs.language-bash .hljs-string').length).toBeGreaterThan(0);
    expect(article.find('code.hljs.language-sql .hljs-keyword').first().text()).toBe('SELECT');
    expect(article.attr('lang')).toBeUndefined();
  });

  it('holds the body once, as server HTML: no island carries it', async () => {
    const $ = await getPage('/articles/equipe-revues');
    expect($('.article-body h2').length).toBeGreaterThan(0);
    expect($('.article-summary strong').first().text()).toBe('équipe');
    const bodyText = $('.article-body p').first().text();
    $('script[data-island-props]').each((_at, script) => {
      expect($(script).text()).not.toContain(bodyText);
    });
    // The body is outside every island: the browser never hydrates it.
    expect($('[data-island] .article-body')).toHaveLength(0);
    // The items API still answers the whole article.
    const api = await request(fixture.app).get('/www-be/items/v1.0/items/equipe-revues').expect(200);
    expect((api.body as { ctn: string }).ctn).toContain('<h2');
  });

  it('takes the tab title from the title and the description from the summary as plain text of about 160 characters', async () => {
    const $ = await getPage('/articles/equipe-revues');
    expect($('head title').text()).toMatch(/^Revues de code : organiser l'équipe \| /);
    const description = $('head meta[name="description"]').attr('content') ?? '';
    expect(description.startsWith('Comment une équipe de six développeurs')).toBe(true);
    expect(description).not.toMatch(/<|&amp;/);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(120);
    expect($('head link[rel="canonical"]').attr('href')).toBe('https://www.example.test/articles/equipe-revues');
  });

  it('shows the author card in French for a French article', async () => {
    const $ = await getPage('/articles/spring-batch-oeuvre');
    const card = $('[data-testid="author-card"]');
    expect(card.find('h2').text()).toBe('À propos de l’auteur');
    expect(card.find('a').attr('href')).toBe('/architecte-logiciel-freelance-java-spring-angular');
  });

  it('shows an English article with lang="en" and the author card in English', async () => {
    const $ = await getPage('/articles/http-caching');
    expect($('[data-testid="article"]').attr('lang')).toBe('en');
    expect($('[data-testid="author-card"] h2').text()).toBe('About the author');
    expect($('[data-testid="author-card"] a').text()).toBe('See the résumé');
    expect($('code.language-http .hljs-attribute').length).toBeGreaterThan(0);
    expect($('html').attr('lang')).toBe('fr');
  });

  it('answers an unknown article with a 404 page linking back to the list', async () => {
    const response = await request(fixture.app).get('/articles/does-not-exist').expect(404);
    const $ = cheerio.load(response.text);
    expect($('h1').text()).toBe('Page introuvable');
    expect($('main a[href="/articles"]').text()).toBe('Retour à la liste des articles');
    expect($('head title').text()).toMatch(/^Page introuvable/);
    // The shell stays: top bar and footer.
    expect($('header nav')).toHaveLength(1);
    expect($('footer')).toHaveLength(1);
  });
});
