// Lighthouse (mobile settings, its defaults) driving Debian's Chromium, one page at a time.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

/** Every page type on the sample content. The 404 page is left out: Lighthouse's SEO category marks
 * any non-2xx status down by design (it is covered by axe and the Nu checker instead). */
export const AUDITED_PAGES = {
  CV: '/architecte-logiciel-freelance-java-spring-angular',
  'article list': '/articles',
  'list, no match': '/articles?f=kubernetes',
  'article with code': '/articles/postgresql-index-explain',
  'English article': '/articles/java-virtual-threads',
  // A translated pair's English half, in its own interface: hreflang both ways, the link to the French one.
  'translated article': '/en/articles/http-caching-headers',
  About: '/help/about',
};

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageAudit {
  name: string;
  url: string;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferBytes: number;
  /** Audits that lost points, for reading a failure. */
  failing: string[];
}

function numericValue(audits: Record<string, { numericValue?: number }>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

/** One Lighthouse run; a run whose trace recording failed (a known Lighthouse flake) is tried again. */
async function runOnce(url: string, port: number, attemptsLeft = 3) {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) {
    if (attemptsLeft > 1) return runOnce(url, port, attemptsLeft - 1);
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
  return lhr;
}

/** Audits each page `runs` times and keeps its median run (by performance score, then TBT): one run swings with the machine's load. */
export async function auditPages(baseUrl: string, pages: Record<string, string>, runs = 1): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const results: PageAudit[] = [];
    for (const [name, path] of Object.entries(pages)) {
      const runsOfPage: Awaited<ReturnType<typeof runOnce>>[] = [];
      for (let run = 0; run < runs; run += 1) runsOfPage.push(await runOnce(baseUrl + path, chrome.port));
      const performanceOf = (run: (typeof runsOfPage)[number]) =>
        (run.categories.performance?.score ?? 0) * 1000 - (run.audits['total-blocking-time']?.numericValue ?? 0) / 1000;
      const lhr = [...runsOfPage].sort((x, y) => performanceOf(x) - performanceOf(y))[Math.floor(runsOfPage.length / 2)]!;
      const audits = lhr.audits as Record<string, { numericValue?: number; score: number | null; scoreDisplayMode: string; title: string }>;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
      const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id} (${audits[ref.id]?.title})`),
      );
      results.push({
        name,
        url: path,
        scores,
        lcpMs: numericValue(audits, 'largest-contentful-paint'),
        cls: numericValue(audits, 'cumulative-layout-shift'),
        tbtMs: numericValue(audits, 'total-blocking-time'),
        transferBytes: numericValue(audits, 'total-byte-weight'),
        failing,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
