// Draft preview as a reviewer and a crawler see it: one secret link per hidden article (draft or future
// date) shows it with a "Brouillon / Draft" banner, private and noindex, never kept nor listed; a wrong
// secret is a plain 404. SHOW_DRAFTS shows the banner and noindex too.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPreviewToken } from '../../../server/preview/preview-token';
import { paths } from '../../../shared/paths';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const SECRET = 'secret-de-relecture-0123456789';
let dir: string;
const apps: TestApp[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preview-'));
  await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(dir, 'articles'), { recursive: true });
  const article = (id: string, extra: string, title: string) =>
    ['---', `id: ${id}`, `title: ${title}`, extra, 'language: fr', 'tags: [Relecture]', 'summary: À relire.', '---', '', `Le texte de ${title}.`, ''].join(
      '\n',
    );
  await writeFile(path.join(dir, 'articles', 'brouillon.md'), article('brouillon', 'date: 2025-01-10\ndraft: true', 'Mon brouillon secret'));
  await writeFile(path.join(dir, 'articles', 'plus-tard.md'), article('plus-tard', 'date: 2999-01-01', 'Mon article programmé'));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ CONTENT_DIR: dir, PREVIEW_SECRET: SECRET, ...env });
  apps.push(ctx);
  return ctx;
}
const previewPath = (id: string, secret = SECRET) => paths.articlePreview(id, createPreviewToken(secret, id));

describe('draft preview links', () => {
  it('show each hidden article with a banner in both languages, private and noindex', async () => {
    const { app } = await start();
    for (const [id, title] of [
      ['brouillon', 'Mon brouillon secret'],
      ['plus-tard', 'Mon article programmé'],
    ]) {
      const page = await request(app).get(previewPath(id!)).expect(200);
      expect(page.text).toContain(title);
      expect(page.text).toMatch(/data-testid="draft-banner".*Brouillon.*Draft/s);
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
      // Styled like the published page: the site's one stylesheet, nothing inline.
      expect(page.text.match(/<link rel="stylesheet" href="\/assets\/styles-[\w-]{10}\.css"\/>/g)).toHaveLength(1);
      expect(page.text).not.toContain('<style');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // Sent as rendered, so compressed on the way like any large answer (supertest accepts gzip).
      expect(page.headers['content-encoding']).toBe('gzip');
    }
    const english = await request(app)
      .get(`/en${previewPath('brouillon')}`)
      .expect(200);
    expect(english.text).toContain('<html lang="en"');
    expect(english.text).toContain('data-testid="draft-banner"');
    expect(english.headers['content-encoding']).toBe('gzip');
  });

  it('answers a plain 404 to a wrong secret, another article’s secret, or when no secret is set', async () => {
    const { app } = await start();
    await request(app).get(previewPath('brouillon', 'un-autre-secret-0123456789')).expect(404);
    await request(app)
      .get(paths.articlePreview('brouillon', createPreviewToken(SECRET, 'plus-tard')))
      .expect(404);
    await request(app).get('/preview/x/articles/brouillon').expect(404);
    const { app: without } = await start({ PREVIEW_SECRET: '' });
    const answer = await request(without).get(previewPath('brouillon')).expect(404);
    expect(answer.text).not.toContain('Mon brouillon secret');
  });

  it('keeps hidden articles out of lists, search, feeds, sitemap, llms.txt and their own public URLs', async () => {
    const { app } = await start();
    await request(app).get(previewPath('brouillon')).expect(200);
    for (const url of ['/articles', '/articles?f=relire', '/tags', '/rss.xml', '/atom.xml', '/sitemap.xml', '/llms.txt', '/www-be/items/v1.0/items']) {
      const answer = await request(app).get(url).expect(200);
      expect(answer.text, url).not.toMatch(/brouillon|plus-tard|Relecture/);
    }
    for (const url of ['/articles/brouillon', '/articles/brouillon.md', '/articles/plus-tard', '/share/articles/brouillon.png']) {
      await request(app).get(url).expect(404);
    }
  });

  it('never keeps a preview in the response cache', async () => {
    const { app } = await start();
    const url = previewPath('brouillon');
    await request(app).get(url).expect(200);
    expect(app.locals.responseCache.get(url)).toBeUndefined();
    const again = await request(app).get(url).expect(200);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('sends the link of a published article to its page', async () => {
    const { app } = await start();
    const answer = await request(app).get(previewPath('http-caching')).expect(302);
    expect(answer.headers.location).toBe('/articles/http-caching');
  });
});

describe('SHOW_DRAFTS', () => {
  it('shows drafts with the banner, and asks engines not to index them', async () => {
    const { app } = await start({ SHOW_DRAFTS: 'true' });
    const page = await request(app).get('/articles/brouillon').expect(200);
    expect(page.text).toContain('data-testid="draft-banner"');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const published = await request(app).get('/articles/http-caching').expect(200);
    expect(published.text).not.toContain('draft-banner');
    expect(published.text).not.toContain('noindex');
    const sitemap = await request(app).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('/articles/http-caching');
    expect(sitemap.text).not.toContain('brouillon');
  });

  it('shows drafts and future-dated articles in the pages and lists for local writing, never in feeds, sitemap or llms.txt', async () => {
    const { app } = await start({ SHOW_DRAFTS: 'true' });
    for (const id of ['brouillon', 'plus-tard']) {
      const page = await request(app).get(`/articles/${id}`).expect(200);
      expect(page.text, id).toContain('data-testid="draft-banner"');
      expect(page.text, id).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    for (const url of ['/articles', '/articles?f=relire', '/tags/Relecture']) {
      const list = await request(app).get(url).expect(200);
      expect(list.text, url).toContain('Mon brouillon secret');
      expect(list.text, url).toContain('Mon article programmé');
    }
    for (const url of [paths.rss, paths.atom, paths.sitemap, paths.llmsTxt, paths.cvMarkdown]) {
      const answer = await request(app).get(url).expect(200);
      if (url !== paths.cvMarkdown) expect(answer.text, url).toContain('http-caching');
      expect(answer.text, url).not.toMatch(/brouillon|plus-tard|Relecture|Mon article programmé/);
    }
    // No published article carries the drafts' tag: it has no feed.
    await request(app).get('/tags/Relecture/rss.xml').expect(404);
  });
});
