// The sample content shipped in content/ loads cleanly and covers what the site shows off.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createContentSource } from '../../../server/items/content/content-source';
import type { Article } from '../../../shared/items/types';
import { rootDir } from '../../support/test-app';

describe('sample content', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'sample-cache-'));
  const loaded = await createContentSource({
    contentDir: path.join(rootDir, 'content'),
    publicDir: path.join(rootDir, 'public'),
    logger: pino({ level: 'silent' }),
    watchFiles: false,
    cacheDir,
  });
  const articles = (await Promise.all((await loaded.list('')).map((summary) => loaded.get(summary.id)))).filter(
    (article): article is Article => article !== null,
  );
  const problems = loaded.problems();
  const translations = (await loaded.translations('http-cache-headers')).map((summary) => [summary.id, summary.language]);
  const renamed = await loaded.resolveAlias('memoire-jvm-docker');
  await loaded.close();

  it('loads every file without a problem', () => {
    expect(problems).toEqual([]);
  });

  it('shows a translated pair and a renamed article (content/README.md)', () => {
    expect(translations).toEqual([['http-caching-headers', 'en']]);
    expect(renamed).toBe('jvm-memoire-conteneurs');
  });

  it('has at least 12 articles, 3 in English, over several years', () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(articles.filter((article) => article.language === 'en').length).toBeGreaterThanOrEqual(3);
    expect(new Set(articles.map((article) => article.date.slice(0, 4))).size).toBeGreaterThanOrEqual(4);
  });

  it.each(['bash', 'sql', 'http', 'xml', 'java'])('has code blocks in %s', (language) => {
    expect(articles.some((article) => article.body.includes(`class="language-${language}"`))).toBe(true);
  });

  it('ships the images the articles use', () => {
    const images = articles.flatMap((article) => article.images);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(existsSync(path.join(rootDir, 'public', image)), image).toBe(true);
  });

  it('covers Java, Spring, PostgreSQL, Angular, HTTP and Linux', () => {
    const tags = new Set(articles.flatMap((article) => article.tags.map((tag) => tag.toLowerCase())));
    for (const topic of ['java', 'spring', 'postgresql', 'angular', 'http', 'linux']) {
      expect(
        [...tags].some((tag) => tag.includes(topic)),
        topic,
      ).toBe(true);
    }
  });

  it('finds équipe and œuvre without their accents', async () => {
    const source = await createContentSource({ contentDir: path.join(rootDir, 'content'), logger: pino({ level: 'silent' }), watchFiles: false });
    expect((await source.list('equipe')).length).toBeGreaterThan(0);
    expect((await source.list('oeuvre')).length).toBeGreaterThan(0);
    await source.close();
  });
});
