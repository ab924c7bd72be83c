// The route table of the pages, run by the server's static handler (React Router): each route's
// loader reads articles through the items cache before the page renders.
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ItemsUnavailableError, isValidArticleId, normalizeFilter, type ItemsReader } from './items/items-reader';
import { RootLayout } from './components/root-layout';
import { AboutPage } from './pages/about-page';
import { findNeighbours } from './items/article-neighbours';
import type { ArticleSummary } from './items/types';
import type { ArticleListData } from './pages/article-list-page';
import { ArticleListPage } from './pages/article-list-page';
import { ArticlePage, type ArticlePageData } from './pages/article-page';
import { CvPage, loadCvPageData } from './pages/cv-page';
import { RouteErrorPage } from './pages/route-error-page';
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

/** All articles, newest first; none when the source cannot answer now. */
async function readList(items: ItemsReader, signal: AbortSignal): Promise<ArticleSummary[]> {
  try {
    return await items.list('', signal);
  } catch (error) {
    if (error instanceof ItemsUnavailableError) return [];
    throw error;
  }
}

/** The article route's id. */
export const ARTICLE_ROUTE_ID = 'article';

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
                const filter = normalizeFilter(new URL(request.url).searchParams.get('f'));
                const articles = await readItems(() => items.list(filter, request.signal));
                return { filter, articles };
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
                const [article, list] = await Promise.all([readItems(() => items.get(id, request.signal)), readList(items, request.signal)]);
                if (!article) throw data({ reason: 'not-found' }, { status: 404 });
                return { article, ...findNeighbours(list, article.id) };
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
