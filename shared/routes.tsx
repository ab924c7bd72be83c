// The route table of the pages, run by the server's static handler (React Router): each route's
// loader reads articles through the items cache before the page renders.
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ItemsUnavailableError, isValidArticleId, type ItemsReader } from './items/items-reader';
import { readListQuery, writeListQuery } from './items/list-query';
import { PAGE_SIZE, countPages, toTagKey, type SearchAnswer, type SearchRequest } from './items/search';
import { RootLayout } from './components/root-layout';
import { AboutPage } from './pages/about-page';
import { findNeighbours } from './items/article-neighbours';
import { suggestArticles } from './items/suggest-articles';
import type { ArticleSummary } from './items/types';
import type { ArticleListData } from './pages/article-list-page';
import { ArticleListPage } from './pages/article-list-page';
import { ARTICLE_ROUTE_ID, ArticlePage, type ArticlePageData } from './pages/article-page';
import { CvPage, loadCvPageData } from './pages/cv-page';
import { RouteErrorPage } from './pages/route-error-page';
import { TagPage, TagsPage, type TagPageData, type TagsPageData } from './pages/tag-pages';
import { paths } from './paths';
import { siteConfig } from './site/site-config';

/** Turns a source failure into a 503 route error; anything else goes on up. */
async function readItems<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ItemsUnavailableError) throw data({ reason: 'unavailable' }, { status: 503 });
    throw error;
  }
}

/** A ranked search where the reader offers one; else the filtered list, paged, in date order. */
async function searchItems(items: ItemsReader, request: Required<Omit<SearchRequest, 'tag'>> & { tag?: string }): Promise<SearchAnswer> {
  if (items.search) return items.search(request);
  const key = request.tag === undefined ? undefined : toTagKey(request.tag);
  const list = (await items.list(request.text)).filter((article) => key === undefined || article.tags.some((tag) => toTagKey(tag) === key));
  return {
    total: list.length,
    hits: list.slice((request.page - 1) * request.pageSize, request.page * request.pageSize).map((article) => ({ article })),
    facets: [],
  };
}

/** All articles, newest first; none when the source cannot answer now. */
async function readList(items: ItemsReader, signal: AbortSignal): Promise<ArticleSummary[]> {
  try {
    return await items.list('', signal);
  } catch (error) {
    if (error instanceof ItemsUnavailableError) return [];
    throw error;
  }
}

export { ARTICLE_ROUTE_ID };

/** Tags in French order: one collator for the whole sort, not one per comparison (1,000 tags). */
const frenchOrder = new Intl.Collator('fr');

/** The tags page's tags by the facets they come from: a list's facets are the same array while it lasts (decision 065). */
const sortedTags = new WeakMap<SearchAnswer['facets'], TagsPageData['tags']>();

/** The facets in French order, sorted once per facets array: the page renders its tag list once per array too. */
function sortTags(facets: SearchAnswer['facets']): TagsPageData['tags'] {
  let tags = sortedTags.get(facets);
  if (!tags) sortedTags.set(facets, (tags = [...facets].sort((a, b) => frenchOrder.compare(a.tag, b.tag))));
  return tags;
}

export function createRoutes(items: ItemsReader): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      children: [
        {
          // Errors render inside the shell, so the top bar and footer stay usable.
          id: 'pages',
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, loader: () => redirect(paths.cv, 301) },
            { path: 'cv', loader: () => redirect(paths.cv, 301) },
            { id: 'cv', path: siteConfig.cvSlug, element: <CvPage />, loader: ({ request }: LoaderFunctionArgs) => loadCvPageData(items, request.signal) },
            {
              id: 'articles',
              path: 'articles',
              element: <ArticleListPage />,
              loader: async ({ request }: LoaderFunctionArgs): Promise<ArticleListData> => {
                // The URL is the server's one parse of the request: only the parameters the list declares.
                const { filter, sort, page } = readListQuery(new URL(request.url).searchParams);
                const answer = await readItems(() => searchItems(items, { text: filter, sort, page, pageSize: PAGE_SIZE }));
                // A page past the last is no page (the first always is, even empty).
                if (page > countPages(answer.total)) throw data({ reason: 'not-found' }, { status: 404 });
                return { filter, sort, page, ...answer };
              },
            },
            {
              id: ARTICLE_ROUTE_ID,
              path: 'articles/:id',
              element: <ArticlePage />,
              loader: async ({ params, request }: LoaderFunctionArgs): Promise<ArticlePageData> => {
                const id = params.id ?? '';
                if (!isValidArticleId(id)) throw data({ reason: 'not-found' }, { status: 404 });
                // The whole list (cached on both sides) gives the previous and next articles; the article
                // is still shown without them when the list cannot be had.
                const [article, list, translations] = await Promise.all([
                  readItems(() => items.get(id, request.signal)),
                  readList(items, request.signal),
                  // An extra too: the article shows without its translations if they fail.
                  (items.findTranslations?.(id) ?? Promise.resolve([])).catch(() => []),
                ]);
                if (!article) {
                  // A renamed article: its former id leads to it for good (decision 040).
                  const renamed = await readItems(() => items.findAlias?.(id) ?? Promise.resolve(null));
                  if (renamed) throw redirect(paths.article(renamed), 301);
                  throw data({ reason: 'not-found', suggestions: suggestArticles(list, id) }, { status: 404 });
                }
                // Its own translations are not the articles read before or after it.
                const others = new Set(translations.map((each) => each.id));
                const neighbours = findNeighbours(others.size === 0 ? list : list.filter((each) => !others.has(each.id)), article.id);
                // Series and related articles are extras: the article shows without them if they fail.
                const shown = [neighbours.previous?.id, neighbours.next?.id, ...others].filter((each): each is string => each !== undefined);
                const [series, related] = await Promise.all([
                  article.series ? (items.seriesParts?.(article.series) ?? Promise.resolve([])).catch(() => []) : Promise.resolve([]),
                  (items.findRelated?.(article.id, shown) ?? Promise.resolve([])).catch(() => []),
                ]);
                // Shown though not published (SHOW_DRAFTS, a preview link): the page says so and asks not to be indexed.
                const unpublished = items.isUnpublished?.(article.id) ?? false;
                return { article, ...neighbours, series, related, translations, ...(unpublished ? { unpublished } : {}) };
              },
            },
            {
              id: 'tags',
              path: 'tags',
              element: <TagsPage />,
              loader: async (): Promise<TagsPageData> => {
                const answer = await readItems(() => searchItems(items, { text: '', sort: 'date', page: 1, pageSize: 1 }));
                return { tags: sortTags(answer.facets) };
              },
            },
            {
              id: 'tag',
              path: 'tags/:tag',
              element: <TagPage />,
              loader: async ({ params, request }: LoaderFunctionArgs): Promise<TagPageData> => {
                const asked = params.tag ?? '';
                const { page } = readListQuery(new URL(request.url).searchParams);
                const answer = await readItems(() => searchItems(items, { text: '', tag: asked, sort: 'date', page, pageSize: PAGE_SIZE }));
                // Exactly the tag: no article carries it, or a page past the last, is no page.
                if (answer.total === 0 || page > countPages(answer.total)) throw data({ reason: 'not-found' }, { status: 404 });
                const tag = answer.facets.find((facet) => toTagKey(facet.tag) === toTagKey(asked))?.tag ?? asked;
                // One page per tag: `/tags/JAVA` is moved to the tag as the articles write it.
                if (tag !== asked) throw redirect(paths.tag(tag) + writeListQuery({ page }), 301);
                return { tag, page, ...answer };
              },
            },
            { id: 'about', path: 'help/about', element: <AboutPage /> },
            // Any other path goes to the CV (SPEC §2), temporarily: a later page may take the path.
            { id: 'unknown', path: '*', loader: () => redirect(paths.cv, 302) },
          ],
        },
      ],
    },
  ];
}
