// FEED_FULL_CONTENT=true: each RSS item carries content:encoded and each Atom entry a content of type
// html, the article's sanitised body with absolute URLs; off by default. Parsed as XML.
import * as cheerio from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ['item', 'entry'].includes(name) });

function parseXml(text: string): Node {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Node;
}

const ARTICLE = `---
id: full-demo
title: Plein texte
date: 2024-05-01
language: fr
tags: [Demo]
summary: Le résumé seul.
---
## Premier titre

Un [lien interne](/articles/autre), une [ancre](#1-premier-titre) et un [lien externe](https://example.org/x).

![Portrait](/images/photo-384.png)

\`\`\`java
int a = 1;
\`\`\`
`;

let dir: string;
let full: TestApp;
let plain: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'feed-full-'));
  await mkdir(path.join(dir, 'articles'));
  await writeFile(path.join(dir, 'articles', 'full-demo.md'), ARTICLE);
  [full, plain] = await Promise.all([createTestApp({ CONTENT_DIR: dir, FEED_FULL_CONTENT: 'true' }), createTestApp({ CONTENT_DIR: dir })]);
});
afterAll(async () => {
  await Promise.all([full.close(), plain.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** The body's URLs are all absolute, the heading link icons gone, the text and code there. */
function expectFullBody(html: string) {
  const $ = cheerio.load(html);
  expect($('h2').text()).toContain('Premier titre');
  expect($('pre code').text()).toBe('int a = 1;\n');
  expect($('.heading-anchor')).toHaveLength(0);
  const urls = [
    ...$('[href]')
      .map((_, el) => $(el).attr('href'))
      .get(),
    ...$('[src]')
      .map((_, el) => $(el).attr('src'))
      .get(),
    ...$('[srcset]')
      .map((_, el) =>
        $(el)
          .attr('srcset')!
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/)[0]!),
      )
      .get(),
  ];
  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) expect(url).toMatch(/^https?:\/\//);
  expect(urls).toEqual(
    expect.arrayContaining([`${TEST_SITE_URL}articles/autre`, `${TEST_SITE_URL}articles/full-demo#1-premier-titre`, 'https://example.org/x']),
  );
  expect(urls.some((url) => url.startsWith(`${TEST_SITE_URL}images/photo-384.`))).toBe(true);
}

describe('FEED_FULL_CONTENT=true', () => {
  it('puts the sanitised body, URLs absolute, in RSS content:encoded', async () => {
    const rss = parseXml((await request(full.app).get('/rss.xml').expect(200)).text).rss as Node;
    const [item] = (rss.channel as Node).item as Node[];
    expect(item!.description).toBe('Le résumé seul.');
    expectFullBody(String(item!['content:encoded']));
  });

  it('puts it in Atom content of type html', async () => {
    const feed = parseXml((await request(full.app).get('/atom.xml').expect(200)).text).feed as Node;
    const [entry] = feed.entry as Node[];
    const content = entry!.content as Node;
    expect(content['@type']).toBe('html');
    expectFullBody(String(content['#text']));
  });
});

describe('by default', () => {
  it('carries the summary only', async () => {
    const rss = parseXml((await request(plain.app).get('/rss.xml').expect(200)).text).rss as Node;
    expect(((rss.channel as Node).item as Node[])[0]!['content:encoded']).toBeUndefined();
    const feed = parseXml((await request(plain.app).get('/atom.xml').expect(200)).text).feed as Node;
    expect((feed.entry as Node[])[0]!.content).toBeUndefined();
  });
});
