// Pages rendered, and dropped, before the server listens: V8 compiles the render path (routes,
// loaders, the search, snippets, React) while nobody waits for it, so the first readers after a start
// or a deploy do not each pay for it (decision 081). Built-in content of some size only.
import { writeListQuery } from '../../shared/items/list-query';
import type { ArticleSummary } from '../../shared/items/types';
import { localizePath, paths } from '../../shared/paths';

/** Below this many articles a first render is cheap anyway, and a start should stay quick. */
export const WARM_UP_MIN_ARTICLES = 1_000;
/** At most: titles that share their first words give fewer (86 on the bench corpus: decision 081's update). */
export const WARM_UP_PAGES = 240;
/** Whatever the machine, a start waits at most this long for it. */
export const WARM_UP_BUDGET_MS = 2_000;

/** Renders a page's path as the page handler does and drops it; its status. */
export type RenderForWarmUp = (url: string) => Promise<number>;

export interface PageWarmUp {
  pages: number;
  ms: number;
}

/** Plain words of 5 letters or more, from the titles of articles across the list: searches a reader could type. */
function collectTitleWords(summaries: readonly ArticleSummary[], count: number): string[] {
  const words = new Set<string>();
  const stride = Math.max(1, Math.floor(summaries.length / count));
  for (let at = 0; at < summaries.length && words.size < count; at += stride) {
    for (const word of summaries[at]!.title.toLowerCase().split(/[^\p{L}]+/u)) {
      if (word.length >= 5) {
        words.add(word);
        break;
      }
    }
  }
  return [...words];
}

/**
 * `count` paths of pages: the list, the tags, one tag, the CV, About and a search that finds nothing,
 * each in both interface languages, two articles, then searches of two words from the articles'
 * titles (both languages, page 2 and date order among them). The same list for the same articles.
 */
export function listWarmUpPaths(summaries: readonly ArticleSummary[], count: number): string[] {
  const words = collectTitleWords(summaries, 64);
  const fixed = [paths.articles, paths.tags, paths.cv, paths.about, paths.articleSearch('zzzzqx')];
  const tag = summaries.find((summary) => summary.tags.length > 0)?.tags[0];
  if (tag !== undefined) fixed.push(paths.tag(tag));
  const articles = summaries.slice(0, 2).map((summary) => paths.article(summary.id));
  const found: string[] = [];
  const searches = Math.max(0, count - 2 * fixed.length - articles.length);
  // Every ordered pair of two words once, each word in turn first: the pairs spread over the words.
  for (let step = 1, at = 0; step < words.length && found.length < searches; step += 1) {
    for (let first = 0; first < words.length && found.length < searches; first += 1, at += 1) {
      const filter = `${words[first]!} ${words[(first + step) % words.length]!}`;
      const query = writeListQuery({ filter, sort: at % 3 === 1 ? 'date' : 'relevance', page: at % 4 === 3 ? 2 : 1 });
      found.push(localizePath(`${paths.articles}${query}`, at % 4 === 2 ? 'en' : 'fr'));
    }
  }
  const localized = fixed.flatMap((path) => [path, localizePath(path, 'en')]);
  return [...new Set([...localized, ...articles, ...found])].slice(0, count);
}

/**
 * Renders `paths` in turn until they are done or `budgetMs` has passed. A page that fails is skipped:
 * the warm-up only makes the first readers' pages faster, it never stops a start.
 */
export async function warmUpPages(
  render: RenderForWarmUp,
  pagePaths: readonly string[],
  { budgetMs = WARM_UP_BUDGET_MS, now = () => performance.now() }: { budgetMs?: number; now?: () => number } = {},
): Promise<PageWarmUp> {
  const start = now();
  let pages = 0;
  for (const path of pagePaths) {
    if (now() - start >= budgetMs) break;
    try {
      await render(path);
    } catch {
      // Its reader would get the error page; the warm-up goes on.
    }
    pages += 1;
  }
  return { pages, ms: Math.round(now() - start) };
}
