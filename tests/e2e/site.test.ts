// The built site in a real Chromium: islands hydrated without a warning, page-load navigation made
// fast (Speculation Rules) and smooth (View Transitions), themes without a flash, the live article
// search and its stored filter, and everything that still works without JavaScript.
import { describe, expect, it } from 'vitest';
import { readIslandNames, waitForHydration } from '../support/browser';
import { FIXTURE_PAGES } from '../support/fixtures';
import { setUpBrowsing } from '../support/site-under-test';
import { owner } from '../../shared/site/owner';

const CV = FIXTURE_PAGES.cv;
const site = setUpBrowsing({ env: { SITE_URL: 'https://www.example.test/' } });

/** Set on the window of the document a test starts from: still there means no page was loaded. */
async function markDocument(): Promise<void> {
  await site.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
}
function readMarker() {
  return site.page.evaluate(() => (window as unknown as { marker?: number }).marker);
}

function countCards() {
  return site.page.locator('[data-testid="article-card"]').count();
}

/** The page's loaded scripts (by URL path) and what would betray a router or i18next in the browser. */
function readBrowserCode() {
  return site.page.evaluate(() => ({
    scripts: [
      ...new Set(
        [...performance.getEntriesByType('resource')]
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
          .map((entry) => new URL(entry.name).pathname),
      ),
    ],
    scriptElements: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => new URL(script.src).pathname),
    globals: ['__reactRouterContext', '__reactRouterVersion', '__reactRouterManifest', '__staticRouterHydrationData', 'i18next'].filter(
      (name) => name in window,
    ),
  }));
}

const ISLANDS_BY_PAGE: [string, string[]][] = [
  [CV, ['theme-selector', 'site-search', 'print-button']],
  [FIXTURE_PAGES.list, ['theme-selector', 'site-search', 'article-search']],
  [FIXTURE_PAGES['list without match'], ['theme-selector', 'site-search', 'article-search']],
  [FIXTURE_PAGES['article with code'], ['theme-selector', 'site-search', 'code-copy']],
  [FIXTURE_PAGES['English article'], ['theme-selector', 'site-search', 'code-copy']],
  [FIXTURE_PAGES.about, ['theme-selector', 'site-search']],
  [FIXTURE_PAGES['not found'], ['theme-selector', 'site-search']],
];

describe('islands', () => {
  it.each(ISLANDS_BY_PAGE.flatMap(([path, islands]) => [[path, islands] as const, [`/en${path}`, islands] as const]))(
    'hydrates the islands of %s with no console error, hydration warning or failed request',
    async (path, islands) => {
      await site.open(path);
      expect(await readIslandNames(site.page)).toEqual(islands);
      // Give late effects and requests a moment to report.
      await site.page.waitForTimeout(200);
      expect(site.watched.problems).toEqual([]);
    },
  );

  it('reports an island whose server HTML differs from what the browser renders (the check above can fail)', async () => {
    await site.page.route(site.url(FIXTURE_PAGES.list), async (route) => {
      const answer = await route.fetch();
      const html = (await answer.text()).replace(/(data-testid="result-count">)4 articles/, '$15 articles');
      expect(html).toContain('>5 articles');
      await route.fulfill({ response: answer, body: html });
    });
    await site.page.goto(site.url(FIXTURE_PAGES.list));
    // React comes with the first interaction.
    await site.page.mouse.move(5, 5);
    await site.page.mouse.move(15, 15);
    await expect.poll(() => site.watched.problems.join('\n')).toMatch(/hydrat|#418/i);
  });

  it('sends neither React Router nor i18next to the browser: the islands entry, React on first interaction, no router state', async () => {
    for (const path of [CV, FIXTURE_PAGES.list, FIXTURE_PAGES['article with code'], `/en${FIXTURE_PAGES.about}`]) {
      await site.page.goto(site.url(path));
      await site.page.waitForLoadState('networkidle');
      // Before any interaction: the small entry and what it imports, no React.
      const before = await readBrowserCode();
      expect(
        before.scripts.every((script) => /^\/assets\/(islands|chunk)-[\w-]+\.js$/.test(script)),
        path,
      ).toBe(true);
      await site.open(path);
      const code = await readBrowserCode();
      expect(
        code.scripts.every((script) => /^\/assets\/(islands|hydrate-islands|chunk)-[\w-]+\.js$/.test(script)),
        path,
      ).toBe(true);
      expect(
        code.scripts.some((script) => script.startsWith('/assets/hydrate-islands-')),
        path,
      ).toBe(true);
      expect(code.scriptElements, path).toHaveLength(1);
      expect(code.globals, path).toEqual([]);
      for (const script of code.scripts) {
        const bundle = await (await site.page.request.get(site.url(script))).text();
        // Strings each library's own code carries (React Router marks the window with its version).
        expect(bundle, script).not.toContain('__reactRouterVersion');
        expect(bundle, script).not.toContain('i18next');
      }
    }
  });

  it('hydrates nothing until the visitor interacts, and everything after', async () => {
    await site.page.goto(site.url(FIXTURE_PAGES['article with code']));
    await site.page.waitForLoadState('networkidle');
    expect(await site.page.locator('[data-testid="copy-code"]').count()).toBe(0);
    expect(await site.page.evaluate(() => document.documentElement.getAttribute('data-islands'))).toBeNull();
    await site.page.mouse.wheel(0, 200);
    await site.page.waitForSelector('html[data-islands="hydrated"]', { state: 'attached' });
    expect(await site.page.locator('[data-testid="copy-code"]').count()).toBeGreaterThan(0);
  });
});

describe('navigation', () => {
  it('moves between CV, Articles and About with ordinary page loads, each with its own title, description and canonical', async () => {
    const head = () =>
      site.page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        titles: document.querySelectorAll('title').length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
        active: document.querySelector('header .nav-link.active')?.textContent,
      }));
    await site.open(CV);
    expect((await head()).title.startsWith(`CV — ${owner.jobTitle}`)).toBe(true);
    await markDocument();

    await site.page.click('header >> text=Articles');
    await site.page.waitForURL('**/articles');
    await waitForHydration(site.page);
    expect(await readMarker()).toBeUndefined();
    expect(await head()).toMatchObject({
      title: expect.stringMatching(/^Articles \|/),
      canonical: 'https://www.example.test/articles',
      titles: 1,
      descriptions: 1,
      active: 'Articles',
    });

    await site.page.click('header >> text=À propos');
    await site.page.waitForURL('**/help/about');
    expect(await head()).toMatchObject({
      title: expect.stringMatching(/^À propos \|/),
      description: expect.stringContaining('notes de version'),
      active: 'À propos',
    });

    await site.page.click('header >> text=CV');
    await site.page.waitForURL(`**${CV}`);
    expect((await head()).title).toMatch(/^CV — /);
    expect(site.watched.problems).toEqual([]);
  });

  it('redirects /cv and unknown paths to the CV page', async () => {
    for (const path of ['/cv', '/somewhere/else', '/en/cv']) {
      await site.page.goto(site.url(path));
      expect(new URL(site.page.url()).pathname).toBe(path.startsWith('/en') ? `/en${CV}` : CV);
      expect(await site.page.title()).toMatch(/^(CV|Résumé) — /);
    }
  });

  it('shows the 404 page for a missing article, whose link leads back to the list', async () => {
    await site.open(FIXTURE_PAGES.list);
    await site.page.evaluate(() => document.querySelector<HTMLAnchorElement>('[data-testid="article-card"] a')!.setAttribute('href', '/articles/missing'));
    await site.page.click('[data-testid="article-card"] a >> nth=0');
    await site.page.waitForURL('**/articles/missing');
    expect(await site.page.textContent('main h1')).toBe('Page introuvable');
    expect(await site.page.title()).toMatch(/^Page introuvable/);
    await site.page.click('main >> text=Retour à la liste des articles');
    await site.page.waitForURL('**/articles');
    expect(await countCards()).toBe(4);
  });

  it('lets the browser restore the scroll position when going back', async () => {
    await site.page.setViewportSize({ width: 800, height: 500 });
    await site.open(CV);
    await site.page.evaluate(() => window.scrollTo(0, 900));
    await site.page.waitForTimeout(100);
    // A DOM click: Playwright's own click would first scroll the top-bar link into view.
    await site.page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/help/about"]')?.click());
    await site.page.waitForURL('**/help/about');
    await expect.poll(() => site.page.evaluate(() => window.scrollY)).toBe(0);
    await site.page.goBack();
    await site.page.waitForURL(`**${CV}`);
    await expect.poll(() => site.page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  });

  it('declares Speculation Rules that prerender the site’s pages, never the items API nor files', async () => {
    await site.open(FIXTURE_PAGES['article with code']);
    const found = await site.page.evaluate(() => ({
      supported: HTMLScriptElement.supports('speculationrules'),
      rules: [...document.querySelectorAll('script[type="speculationrules"]')].map((script) => script.textContent ?? ''),
    }));
    expect(found.supported).toBe(true);
    expect(found.rules).toHaveLength(1);
    const rules = JSON.parse(found.rules[0]!) as { prerender?: { where?: unknown; eagerness?: string }[] };
    expect(rules.prerender?.length).toBeGreaterThan(0);
    const where = JSON.stringify(rules.prerender!.map((rule) => rule.where));
    expect(where).toContain('"href_matches":"/*"');
    expect(where).toContain('{"not":{"href_matches":"/www-be/*"}}');
    expect(rules.prerender!.every((rule) => rule.eagerness !== 'immediate')).toBe(true);
  });

  it('fetches a page while the visitor hovers its link, and shows it from there without asking the server again', async () => {
    const speculative: string[] = [];
    site.context.on('request', (request) => {
      if (request.headers()['sec-purpose']?.includes('prerender')) speculative.push(new URL(request.url()).pathname);
    });
    const answersFor = (path: string) => site.server.logs.filter((line) => (line.req as { path?: string } | undefined)?.path === path).length;
    await site.open(CV);
    const before = answersFor('/help/about');
    await site.page.hover('header a[href="/help/about"]');
    // "moderate" eagerness: the browser starts after 200 ms of hovering.
    await expect.poll(() => speculative).toEqual(['/help/about']);
    await site.page.click('header a[href="/help/about"]');
    await site.page.waitForURL('**/help/about');
    expect(await site.page.textContent('main h1')).toBe('À propos du site');
    // Shown from the prerender (activated), or from its response when Chromium falls back to a prefetch.
    const navigation = await site.page.evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart: number; deliveryType: string };
      return { activationStart: entry.activationStart, deliveryType: entry.deliveryType };
    });
    expect(navigation.activationStart > 0 || navigation.deliveryType === 'navigational-prefetch', JSON.stringify(navigation)).toBe(true);
    // The server's log lines arrive through a pipe: leave them time to.
    await site.page.waitForTimeout(300);
    expect(answersFor('/help/about') - before).toBe(1);
  });

  it('cross-fades page loads with a View Transition, except for visitors who ask for reduced motion', async () => {
    await site.open(CV);
    const readViewTransitionRules = () =>
      site.page.evaluate(() => {
        const found: { text: string; inMedia: string | null }[] = [];
        const walk = (rules: CSSRuleList, inMedia: string | null) => {
          for (const rule of rules) {
            if (rule.constructor.name === 'CSSViewTransitionRule' || rule.cssText.startsWith('@view-transition'))
              found.push({ text: rule.cssText.replace(/\s+/g, ' '), inMedia });
            else if (rule instanceof CSSMediaRule) walk(rule.cssRules, rule.conditionText);
          }
        };
        for (const sheet of document.styleSheets) walk(sheet.cssRules, null);
        return found;
      });
    const rules = await readViewTransitionRules();
    expect(rules).toContainEqual({ text: expect.stringMatching(/^@view-transition \{ navigation: auto; \}$/), inMedia: null });
    expect(rules).toContainEqual({ text: expect.stringMatching(/navigation: none/), inMedia: '(prefers-reduced-motion: reduce)' });
    // The rule is the browser's own (CSSViewTransitionRule), not an unknown at-rule it dropped.
    expect(await site.page.evaluate(() => 'CSSViewTransitionRule' in window)).toBe(true);
  });

  it('keeps a cross-fade Chromium aborts on its own out of the console, and nothing else', async () => {
    await site.open(CV);
    // What Chromium rejects, with no ViewTransition handed to the page, when a navigation starts while the
    // page is still being shown; the other rejection stands for any error of the site's own.
    await site.page.evaluate(() => {
      void Promise.reject(new DOMException('Transition was aborted because of invalid state. Page already revealed', 'InvalidStateError'));
      void Promise.reject(new DOMException('Invalid state of something else', 'InvalidStateError'));
    });
    await expect.poll(() => site.watched.problems).toEqual(['pageerror: Invalid state of something else']);
  });
});

describe('themes', () => {
  it('applies the chosen theme at once and keeps it across page loads', async () => {
    await site.open(CV);
    const state = () =>
      site.page.evaluate(() => ({
        mode: document.documentElement.dataset.bsTheme,
        theme: document.documentElement.dataset.theme,
        themeClasses: [...document.documentElement.classList].filter((name) => name.startsWith('theme-')),
        stored: localStorage.getItem('theme'),
      }));
    expect(await state()).toEqual({ mode: 'light', theme: 'day_mode', themeClasses: ['theme-day'], stored: null });
    await site.page.selectOption('[data-testid="theme-selector"]', 'night_mode');
    expect(await state()).toEqual({ mode: 'dark', theme: 'night_mode', themeClasses: ['theme-night'], stored: 'night_mode' });
    const background = await site.page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await site.page.click('header >> text=Articles');
    await site.page.waitForURL('**/articles');
    await waitForHydration(site.page);
    expect(await state()).toEqual({ mode: 'dark', theme: 'night_mode', themeClasses: ['theme-night'], stored: 'night_mode' });
    expect(await site.page.inputValue('[data-testid="theme-selector"]')).toBe('night_mode');
    expect(await site.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);

    await site.page.reload();
    await waitForHydration(site.page);
    expect((await state()).theme).toBe('night_mode');
    expect(site.watched.problems).toEqual([]);
  });

  it("draws the selector's arrow inside it in the theme's colours, and a click on the arrow reaches the select", async () => {
    await site.open(FIXTURE_PAGES.about);
    const select = site.page.locator('[data-testid="theme-selector"]');
    const arrow = site.page.locator('.theme-selector-chevron');
    const [selectBox, arrowBox] = [(await select.boundingBox())!, (await arrow.boundingBox())!];
    // Where Bootstrap puts its background arrow: 0.75rem from the right, centred.
    expect(selectBox.x + selectBox.width - (arrowBox.x + arrowBox.width)).toBeCloseTo(13, 0);
    expect(arrowBox.y + arrowBox.height / 2).toBeCloseTo(selectBox.y + selectBox.height / 2, 0);
    const arrowColour = () => arrow.evaluate((element) => getComputedStyle(element).color);
    expect(await arrowColour()).toBe('rgb(52, 58, 64)');
    await select.selectOption('night_mode');
    expect(await arrowColour()).toBe('rgb(222, 226, 230)');

    await site.page.mouse.click(arrowBox.x + arrowBox.width / 2, arrowBox.y + arrowBox.height / 2);
    expect(await site.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('theme-selector');
  });

  it('sets the theme chosen on one page before the next page paints (no flash)', async () => {
    // In every document: the theme on <html> when <body> is first parsed and when DOMContentLoaded fires.
    await site.context.addInitScript(() => {
      const seen: Record<string, string | undefined> = {};
      (window as unknown as { themeSeen: typeof seen }).themeSeen = seen;
      const observer = new MutationObserver(() => {
        if (!document.body) return;
        seen.atBody = document.documentElement.dataset.theme;
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
      document.addEventListener('DOMContentLoaded', () => (seen.atDomContentLoaded = document.documentElement.dataset.theme));
    });
    await site.open(FIXTURE_PAGES.about);
    await site.page.selectOption('[data-testid="theme-selector"]', 'halloween');
    await site.page.click('header >> text=CV');
    await site.page.waitForURL(`**${CV}`);
    await site.page.waitForLoadState('domcontentloaded');
    expect(await site.page.evaluate(() => (window as unknown as { themeSeen: object }).themeSeen)).toEqual({
      atBody: 'halloween',
      atDomContentLoaded: 'halloween',
    });
  });

  it('applies a theme chosen while the next page was already being fetched on hover', async () => {
    await site.open(CV);
    await site.page.hover('header a[href="/help/about"]');
    await site.page.waitForTimeout(600);
    await site.page.selectOption('[data-testid="theme-selector"]', 'night_mode');
    await site.page.click('header a[href="/help/about"]');
    await site.page.waitForURL('**/help/about');
    await waitForHydration(site.page);
    expect(await site.page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.classList.contains('theme-night')])).toEqual([
      'night_mode',
      true,
    ]);
    expect(await site.page.inputValue('[data-testid="theme-selector"]')).toBe('night_mode');
  });

  it('paints the stored theme before any island script runs', async () => {
    await site.context.addInitScript(() => localStorage.setItem('theme', 'halloween'));
    // Without the islands' script, only the inline boot script can set the theme.
    await site.page.route('**/assets/islands-*.js', (route) => route.abort());
    await site.page.goto(site.url(CV), { waitUntil: 'domcontentloaded' });
    expect(await site.page.evaluate(() => [document.documentElement.dataset.bsTheme, document.documentElement.classList.contains('theme-halloween')])).toEqual([
      'dark',
      true,
    ]);
  });

  it('shows the theme selector from the first paint, before any island script runs, so hydrating it moves nothing', async () => {
    await site.page.route('**/assets/islands-*.js', (route) => route.abort());
    await site.page.goto(site.url(FIXTURE_PAGES.about), { waitUntil: 'domcontentloaded' });
    expect(await site.page.locator('[data-testid="theme-selector"]').isVisible()).toBe(true);
  });

  it('falls back to day_mode for an unknown stored theme', async () => {
    await site.context.addInitScript(() => localStorage.setItem('theme', 'blue'));
    await site.open(CV);
    expect(await site.page.evaluate(() => document.documentElement.dataset.theme)).toBe('day_mode');
    expect(await site.page.inputValue('[data-testid="theme-selector"]')).toBe('day_mode');
  });
});

describe('without JavaScript', () => {
  it.each([
    [CV, owner.name, 'À propos'],
    [FIXTURE_PAGES.list, 'Articles techniques', 'À propos'],
    [FIXTURE_PAGES['English article'], 'HTTP caching headers in practice', 'À propos'],
    [FIXTURE_PAGES.about, 'À propos du site', 'À propos'],
    [FIXTURE_PAGES['not found'], 'Page introuvable', 'À propos'],
    [`/en${FIXTURE_PAGES.list}`, 'Technical articles', 'About'],
  ])('renders %s with its content and working links', async (path, heading, aboutLink) => {
    const plain = await site.openWithoutJavaScript(path);
    expect(await plain.textContent('main h1')).toBe(heading);
    await plain.click(`header >> text=${aboutLink}`);
    await plain.waitForURL(path.startsWith('/en/') ? '**/en/help/about' : '**/help/about');
    expect(await plain.textContent('main h1')).toBe(aboutLink === 'About' ? 'About this site' : 'À propos du site');
  });

  it('renders the content, and the top-bar and article search forms still work', async () => {
    const plain = await site.openWithoutJavaScript(FIXTURE_PAGES.list);
    await plain.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>search</title>' }));
    expect(await plain.locator('[data-testid="article-card"]').count()).toBe(4);
    expect(await plain.locator('[data-testid="theme-selector"]').isVisible()).toBe(false);
    await plain.fill('[data-testid="article-search"]', 'oeuvre');
    await plain.press('[data-testid="article-search"]', 'Enter');
    await plain.waitForURL(/\/articles\?f=oeuvre$/);
    expect(await plain.locator('[data-testid="article-card"]').count()).toBe(1);
    // The menu's link is the same for every visitor: no stored search without JavaScript.
    expect(await plain.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/articles');
    await plain.fill('#site-search', 'java');
    await plain.press('#site-search', 'Enter');
    await plain.waitForURL('https://www.google.com/search?**');
    expect(new URL(plain.url()).searchParams.get('as_sitesearch')).toBe('www.example.test');
  });
});

describe('top-bar search', () => {
  it('focuses the search box on Shift+/, but not while typing in another field', async () => {
    await site.open(FIXTURE_PAGES.about);
    await site.page.keyboard.press('Shift+Slash');
    expect(await site.page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await site.open(FIXTURE_PAGES['list without match']);
    await site.page.focus('[data-testid="article-search"]');
    await site.page.keyboard.press('End');
    await site.page.keyboard.press('Shift+Slash');
    expect(await site.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('article-search');
    expect(await site.page.inputValue('[data-testid="article-search"]')).toBe('kubernetes?');
  });

  it('sends the typed text to the external search restricted to the site host', async () => {
    await site.page.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>search</title>' }));
    await site.open(CV);
    await site.page.fill('#site-search', 'spring batch');
    await site.page.press('#site-search', 'Enter');
    await site.page.waitForURL('https://www.google.com/**');
    const url = new URL(site.page.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('spring batch');
    expect(url.searchParams.get('as_sitesearch')).toBe('www.example.test');
  });
});

describe('live article search', () => {
  const SEARCH = '[data-testid="article-search"]';
  const readList = () =>
    site.page.evaluate(() => ({
      url: location.pathname + location.search,
      query: document.querySelector<HTMLInputElement>('[data-testid="article-search"]')!.value,
      count: document.querySelector('[data-testid="result-count"]')?.textContent,
      titles: [...document.querySelectorAll('[data-testid="article-card"] h2 a')].map((title) => title.textContent),
    }));

  it('updates the list and the URL as the visitor types, through the items API search, without loading a page', async () => {
    const searches: string[] = [];
    site.page.on('request', (request) => {
      if (request.url().includes('/www-be/items/v1.0/search?')) searches.push(new URL(request.url()).searchParams.get('f') ?? '');
    });
    await site.open(FIXTURE_PAGES.list);
    await markDocument();
    await site.page.locator(SEARCH).pressSequentially('équipe', { delay: 30 });
    await expect
      .poll(readList)
      .toEqual({ url: '/articles?f=%C3%A9quipe', query: 'équipe', count: '1 article pour « équipe »', titles: ["Revues de code : organiser l'équipe"] });
    // Debounced: a search for the word, not one per letter (a slow machine may let one more through).
    expect(searches.at(-1)).toBe('équipe');
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(await readMarker()).toBe(42);
    expect(await site.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(site.watched.problems).toEqual([]);
  });

  it('searches at once on Enter, says when nothing matches, and Back and Forward show each search again', async () => {
    await site.open(FIXTURE_PAGES.list);
    await markDocument();
    const all = await readList();
    expect(all.titles).toHaveLength(4);

    await site.page.fill(SEARCH, 'http');
    await site.page.press(SEARCH, 'Enter');
    await expect.poll(readList).toMatchObject({ url: '/articles?f=http', count: '1 article pour « http »', titles: ['HTTP caching headers in practice'] });
    await site.page.fill(SEARCH, 'kubernetes');
    await site.page.press(SEARCH, 'Enter');
    await expect.poll(readList).toMatchObject({ url: '/articles?f=kubernetes', titles: [] });
    expect(await site.page.textContent('[data-testid="no-match"]')).toContain('kubernetes');

    await site.page.goBack();
    await expect
      .poll(readList)
      .toEqual({ url: '/articles?f=http', query: 'http', count: '1 article pour « http »', titles: ['HTTP caching headers in practice'] });
    await site.page.goBack();
    await expect.poll(readList).toEqual(all);
    await site.page.goForward();
    await expect.poll(readList).toMatchObject({ url: '/articles?f=http', query: 'http', titles: ['HTTP caching headers in practice'] });
    expect(await readMarker()).toBe(42);
    expect(site.watched.problems).toEqual([]);
  });

  it('keeps one history entry per search typed, so Back leaves the list instead of replaying each word', async () => {
    await site.open(FIXTURE_PAGES.about);
    await site.page.click('header >> text=Articles');
    await site.page.waitForURL('**/articles');
    await waitForHydration(site.page);
    await site.page.locator(SEARCH).pressSequentially('java', { delay: 30 });
    await expect.poll(readList).toMatchObject({ url: '/articles?f=java', titles: ['Mise en œuvre de Spring Batch'] });
    await site.page.waitForTimeout(400);
    await site.page.locator(SEARCH).pressSequentially(' spring', { delay: 30 });
    await expect.poll(readList).toMatchObject({ url: '/articles?f=java+spring' });
    await site.page.goBack();
    await expect.poll(readList).toMatchObject({ url: '/articles', query: '', titles: expect.arrayContaining(["Revues de code : organiser l'équipe"]) });
    await site.page.goBack();
    await site.page.waitForURL('**/help/about');
  });

  it('keeps the language switch on the search the visitor typed', async () => {
    await site.open(FIXTURE_PAGES.list);
    await site.page.locator(SEARCH).pressSequentially('http', { delay: 30 });
    await expect.poll(readList).toMatchObject({ url: '/articles?f=http' });
    await expect.poll(() => site.page.getAttribute('[data-testid="language-switch"]', 'href')).toBe('/en/articles?f=http');
    await site.page.click('[data-testid="language-switch"]');
    await site.page.waitForURL('**/en/articles?f=http');
    await waitForHydration(site.page);
    expect((await readList()).titles).toEqual(['HTTP caching headers in practice']);
  });

  it('reads the search syntax as the page does: phrase, exclusion, OR, synonym, transposition', async () => {
    await site.open(FIXTURE_PAGES.list);
    await markDocument();
    const titles = async (text: string) => {
      await site.page.fill(SEARCH, text);
      await site.page.press(SEARCH, 'Enter');
      // The island's answer is in once the URL holds the text it searched.
      await expect.poll(async () => (await readList()).url).toBe(`/articles?${new URLSearchParams({ f: text }).toString()}`);
      return (await readList()).titles.slice().sort();
    };
    expect(await titles('spring')).toEqual(['HTTP caching headers in practice', 'Mise en œuvre de Spring Batch']);
    expect(await titles('spring -http')).toEqual(['Mise en œuvre de Spring Batch']);
    expect(await titles('"traitement de nuit"')).toEqual(['Mise en œuvre de Spring Batch']);
    expect(await titles('"nuit traitement"')).toEqual([]);
    expect(await titles('oeuvre OR explain')).toEqual(['Mise en œuvre de Spring Batch', 'PostgreSQL EXPLAIN pour les débutants']);
    expect(await titles('pg')).toEqual(['PostgreSQL EXPLAIN pour les débutants']);
    expect(await titles('sprign')).toEqual(['HTTP caching headers in practice', 'Mise en œuvre de Spring Batch']);
    // Still the same document: every search went through the items API.
    expect(await readMarker()).toBe(42);
    expect(site.watched.problems).toEqual([]);
  });

  it('shows search tips under the box, opened without JavaScript, in each language', async () => {
    for (const [path, summary, phrase] of [
      [FIXTURE_PAGES.list, 'Astuces de recherche', '"threads virtuels"'],
      [`/en${FIXTURE_PAGES.list}`, 'Search tips', '"virtual threads"'],
    ] as const) {
      const plain = await site.openWithoutJavaScript(path);
      expect(await plain.isVisible('[data-testid="search-tips"] li')).toBe(false);
      await plain.click('[data-testid="search-tips"] summary');
      expect(await plain.textContent('[data-testid="search-tips"] summary')).toBe(summary);
      expect(await plain.isVisible('[data-testid="search-tips"] li')).toBe(true);
      expect(await plain.textContent('[data-testid="search-tips"]')).toContain(phrase);
    }
  });

  it('searches what was typed before React arrived', async () => {
    await site.page.goto(site.url(FIXTURE_PAGES.list));
    await site.page.waitForLoadState('networkidle');
    // Typing is the first interaction: the keys land in the plain box while React loads.
    await site.page.locator(SEARCH).pressSequentially('http', { delay: 5 });
    await expect.poll(readList).toMatchObject({ url: '/articles?f=http', titles: ['HTTP caching headers in practice'] });
  });

  it('works the same in the English interface', async () => {
    await site.open(`/en${FIXTURE_PAGES.list}`);
    await site.page.locator(SEARCH).pressSequentially('http', { delay: 30 });
    await expect
      .poll(readList)
      .toEqual({ url: '/en/articles?f=http', query: 'http', count: '1 article for “http”', titles: ['HTTP caching headers in practice'] });
  });

  /** The results element's markup, without the comments React's server render leaves between texts, attributes sorted. */
  const readResultsMarkup = (html?: string) =>
    site.page.evaluate((source) => {
      const root = source === undefined ? document : new DOMParser().parseFromString(source, 'text/html');
      const results = root.getElementById('article-results')!.cloneNode(true) as HTMLElement;
      const walker = document.createTreeWalker(results, NodeFilter.SHOW_COMMENT);
      const comments: Node[] = [];
      while (walker.nextNode()) comments.push(walker.currentNode);
      for (const comment of comments) comment.parentNode!.removeChild(comment);
      results.normalize();
      // In attribute order too: React's client sets an <img>'s src last (the page's HTML has it first).
      for (const element of results.querySelectorAll('*')) {
        const attributes = [...element.attributes].map((attribute) => [attribute.name, attribute.value]).sort(([a], [b]) => (a! < b! ? -1 : 1));
        for (const [name] of attributes) element.removeAttribute(name!);
        for (const [name, value] of attributes) element.setAttribute(name!, value!);
      }
      return results.innerHTML;
    }, html);

  it('renders a live answer in place of the server results, with the markup the server renders for that search', async () => {
    for (const [start, text, url] of [
      [FIXTURE_PAGES.list, 'spring', '/articles?f=spring'],
      [FIXTURE_PAGES.list, 'kubernetes', '/articles?f=kubernetes'],
      [`/en${FIXTURE_PAGES.list}`, 'http', '/en/articles?f=http'],
    ] as const) {
      await site.open(start);
      await markDocument();
      const before = await readResultsMarkup();
      await site.page.fill(SEARCH, text);
      await site.page.press(SEARCH, 'Enter');
      await expect.poll(async () => (await readList()).url).toBe(url);
      await expect.poll(readResultsMarkup).not.toBe(before);
      const live = await readResultsMarkup();
      // The server's page for the same search: its results element holds the same markup.
      const served = await readResultsMarkup(await (await site.page.request.get(site.url(url))).text());
      expect(live, url).toBe(served);
      expect(live).toContain('data-testid="' + (text === 'kubernetes' ? 'no-match' : 'article-card') + '"');
      // Replaced, not added to: one list (or one no-match) in the page, inside the results element, outside the island.
      expect(await site.page.locator('[data-testid="article-list"], [data-testid="no-match"]').count()).toBe(1);
      expect(await site.page.locator('[data-island] [data-testid="article-card"]').count()).toBe(0);
      expect(await readMarker()).toBe(42);

      // Back: the first search's answer, rendered the same way in the same place.
      await site.page.goBack();
      await expect.poll(readResultsMarkup).toBe(before);
    }
    expect(site.watched.problems).toEqual([]);
  });

  it('keeps the previous results and says the articles are unavailable when a live search fails, busy meanwhile', async () => {
    await site.open(`${FIXTURE_PAGES.list}?f=http`);
    const before = await readList();
    expect(before.titles).toEqual(['HTTP caching headers in practice']);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await site.page.route('**/www-be/items/v1.0/search?**', async (route) => {
      await held;
      await route.abort('failed');
    });
    await site.page.fill(SEARCH, 'spring');
    await site.page.press(SEARCH, 'Enter');
    const busy = () =>
      site.page.evaluate(() => [
        document.querySelector('[data-testid="result-count"]')!.getAttribute('aria-busy'),
        document.getElementById('article-results')!.getAttribute('aria-busy'),
      ]);
    await expect.poll(busy).toEqual(['true', 'true']);
    release();
    await expect.poll(async () => (await readList()).count).toBe('Les articles ne peuvent pas être chargés pour le moment. Réessayez dans quelques instants.');
    expect(await busy()).toEqual(['false', null]);
    // The status line is still the live region that announces it; the results and the URL are those of the last answer.
    expect(await site.page.getAttribute('[data-testid="result-count"]', 'aria-live')).toBe('polite');
    expect(await readList()).toMatchObject({ url: before.url, titles: before.titles });
  });

  it('opens an article from the results and shows the list as it was on Back', async () => {
    await site.open(FIXTURE_PAGES.list);
    await site.page.locator(SEARCH).pressSequentially('équipe', { delay: 30 });
    await expect.poll(readList).toMatchObject({ url: '/articles?f=%C3%A9quipe', titles: ["Revues de code : organiser l'équipe"] });
    await site.page.click('[data-testid="article-card"] a >> nth=0');
    await site.page.waitForURL('**/articles/equipe-revues');
    expect(await site.page.title()).toMatch(/^Revues de code/);
    await site.page.goBack();
    await expect
      .poll(readList)
      .toMatchObject({ url: '/articles?f=%C3%A9quipe', query: 'équipe', count: '1 article pour « équipe »', titles: ["Revues de code : organiser l'équipe"] });
  });
});

describe('stored filter', () => {
  it('brings the last search back when the visitor leaves the list and returns through the menu', async () => {
    await site.open(FIXTURE_PAGES.list);
    await site.page.locator('[data-testid="article-search"]').pressSequentially('équipe', { delay: 30 });
    await site.page.waitForURL(/\/articles\?f=%C3%A9quipe$/);
    await site.page.click('[data-testid="article-card"] a >> nth=0');
    await site.page.waitForURL('**/articles/equipe-revues');
    await waitForHydration(site.page);
    await site.page.click('header >> text=À propos');
    await site.page.waitForURL('**/help/about');
    await waitForHydration(site.page);
    expect(await site.page.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/articles?f=%C3%A9quipe');

    await site.page.click('header a[data-keeps-filter]');
    await site.page.waitForURL(/\/articles\?f=%C3%A9quipe$/);
    await waitForHydration(site.page);
    expect(await site.page.inputValue('[data-testid="article-search"]')).toBe('équipe');
    expect(await site.page.textContent('[data-testid="result-count"]')).toBe('1 article pour « équipe »');
    expect(await countCards()).toBe(1);

    // An emptied search is forgotten too.
    await site.page.fill('[data-testid="article-search"]', '');
    await expect.poll(() => site.page.url()).toMatch(/\/articles$/);
    await site.open(CV);
    expect(await site.page.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/articles');
    expect(site.watched.problems).toEqual([]);
  });

  it('keeps the search for the visit only: another visitor’s (a new tab’s) menu leads to the whole list', async () => {
    await site.open(`${FIXTURE_PAGES.list}?f=http`);
    await site.open(FIXTURE_PAGES.about);
    expect(await site.page.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/articles?f=http');
    const other = await site.browser.newContext();
    try {
      const page = await other.newPage();
      await page.goto(site.url(FIXTURE_PAGES.about));
      await waitForHydration(page);
      expect(await page.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/articles');
    } finally {
      await other.close();
    }
  });

  it('keeps the interface language in the menu’s link', async () => {
    await site.open(`/en${FIXTURE_PAGES.list}?f=java`);
    await site.open(`/en${FIXTURE_PAGES.about}`);
    expect(await site.page.getAttribute('header a[data-keeps-filter]', 'href')).toBe('/en/articles?f=java');
  });
});
