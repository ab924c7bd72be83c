// Every element the sanitiser lets through, in a summary and in a body, passes axe (WCAG 2.2 A/AA,
// colour contrast included) in each of the four themes: on the article page and on the list's card.
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../shared/site/themes';
import { waitForHydration } from '../support/browser';
import { setUpSiteAndBrowser } from '../support/site-under-test';
import { rootDir } from '../support/test-app';

const site = setUpSiteAndBrowser({ CONTENT_DIR: path.join(rootDir, 'tests', 'fixtures', 'markup-content') });

describe.each(THEME_IDS)('theme %s', (theme) => {
  it.each([
    ['the article', '/articles/every-element'],
    ['its card in the list', '/articles'],
  ])('shows %s with no WCAG A/AA violation', async (_name, urlPath) => {
    const context = await site.browser.newContext();
    try {
      await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
      const page = await context.newPage();
      await page.goto(site.server.url + urlPath);
      await waitForHydration(page);
      // The fixture really holds each kind of element, in the summary and in the body.
      const kinds = await page.evaluate(() =>
        ['code', 'a', 'mark', 'kbd', 'del', 'ins', 'abbr', 'small', 'sup'].filter((tag) => document.querySelector(`.article-summary ${tag}`)),
      );
      expect(kinds).toHaveLength(9);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
      expect(
        violations.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
        ),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
