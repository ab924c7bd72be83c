// axe-core (WCAG 2.2 A/AA rules) on every page type in each of the four themes and both languages: 0 violations,
// and nothing red in the console (errors, warnings, failed requests) on the way.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../shared/site/themes';
import { waitForHydration, watchProblems } from '../support/browser';
import { FIXTURE_PAGES } from '../support/fixtures';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const site = setUpSiteAndBrowser();

// Every theme in both interfaces: French at the bare paths, English under /en.
const RUNS = THEME_IDS.flatMap((theme) => [[theme, 'fr'] as const, [theme, 'en'] as const]);
const PREFIX = { fr: '', en: '/en' } as const;

describe.each(RUNS)('theme %s, interface %s', (theme, lang) => {
  it.each(Object.entries(FIXTURE_PAGES))('%s has no WCAG A/AA violation and no console problem', async (_name, path) => {
    const context = await site.browser.newContext();
    try {
      await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
      const page = await context.newPage();
      const watched = watchProblems(page);
      await page.goto(site.server.url + PREFIX[lang] + path);
      await waitForHydration(page);
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.lang])).toEqual([theme, lang]);
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const readable = violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
      );
      expect(readable).toEqual([]);
      expect(watched.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
