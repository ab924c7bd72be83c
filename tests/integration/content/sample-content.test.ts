// The sample content shipped in content/ loads cleanly and covers what the site shows off.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../server/items/content/content-source';
import { rootDir } from '../../support/test-app';
import { createContentSource } from '../../../server/items/content/content-source';

describe('sample content', async () => {
  const snapshot = await loadContent(path.join(rootDir, 'content'));
  const articles = [...snapshot.byId.values()];

  it('loads every file without a problem', () => {
    expect(snapshot.problems).toEqual([]);
  });

  it('has at least 12 articles, 3 in English, over several years', () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(articles.filter((article) => article.lg === 'en').length).toBeGreaterThanOrEqual(3);
    expect(new Set(articles.map((article) => article.date_m.slice(0, 4))).size).toBeGreaterThanOrEqual(4);
  });

  it.each(['bash', 'sql', 'http', 'xml', 'java'])('has code blocks in %s', (language) => {
    expect(articles.some((article) => article.ctn.includes(`class="language-${language}"`))).toBe(true);
  });

  it('ships the images the articles use', () => {
    const images = articles.flatMap((article) => article.img);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(existsSync(path.join(rootDir, 'public', image)), image).toBe(true);
  });

  it('covers Java, Spring, PostgreSQL, Angular, HTTP and Linux', () => {
    const tags = new Set(articles.flatMap((article) => article.tags.map((tag) => tag.toLowerCase())));
    for (const topic of ['java', 'spring', 'postgresql', 'angular', 'http', 'linux']) {
      expect([...tags].some((tag) => tag.includes(topic)), topic).toBe(true);
    }
  });

  it('finds équipe and œuvre without their accents', async () => {
    const source = await createContentSource({ contentDir: path.join(rootDir, 'content'), logger: pino({ level: 'silent' }), watchFiles: false });
    expect((await source.list('equipe')).length).toBeGreaterThan(0);
    expect((await source.list('oeuvre')).length).toBeGreaterThan(0);
    await source.close();
  });
});
