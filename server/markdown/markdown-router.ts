// Plain-text twins of the pages for crawlers and assistants: /articles/{id}.md, /cv.md and /llms.txt
// (llmstxt.org). Built from the items cache like the feeds, and kept in the response cache.
import { Router, type Request, type Response } from 'express';
import matter from 'gray-matter';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageContext } from '../../shared/page-context';
import { createTranslator } from '../../shared/i18n/i18n';
import { ItemsUnavailableError, isValidArticleId, type ItemsReader } from '../../shared/items/items-reader';
import { toIsoDate } from '../../shared/items/format-date';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { buildCanonicalUrl, paths, toAbsoluteUrl } from '../../shared/paths';
import { buildCvMarkdown } from '../../shared/site/cv-markdown';
import { owner } from '../../shared/site/owner';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import { absolutizeMarkdown, convertHtmlToMarkdown, convertHtmlToText } from './to-markdown';
import { sendArticlesUnavailable } from '../middleware/errors';

export interface MarkdownRouterDeps {
  items: ItemsReader;
  responseCache: ResponseCache;
  ttlSeconds: number;
  /** French labels and SITE_URL: the CV and the site are written in French. */
  context: Pick<PageContext, 'lang' | 'translations' | 'siteUrl'>;
  /** The built-in content folder, whose Markdown files are the cleanest twins; undefined with an upstream service. */
  contentDir: string | undefined;
}

const MARKDOWN = 'text/markdown; charset=utf-8';
const PLAIN = 'text/plain; charset=utf-8';

/** The author's own Markdown body of a built-in article, when its file is there and is that article. */
async function readSourceBody(contentDir: string | undefined, id: string): Promise<string | undefined> {
  if (!contentDir) return undefined;
  try {
    const parsed = matter(await readFile(path.join(contentDir, 'articles', `${id}.md`), 'utf8'), { engines: { js: refuse, javascript: refuse } });
    return String(parsed.data.id) === id ? parsed.content.trim() : undefined;
  } catch {
    return undefined;
  }
}

function refuse(): never {
  throw new Error('executable front matter is not allowed');
}

/** One article as Markdown: YAML front matter (title, date, language, tags, canonical URL, summary), its title, its body. */
export function buildArticleMarkdown(siteUrl: string, article: Article, sourceBody: string | undefined): string {
  const canonical = buildCanonicalUrl(siteUrl, paths.article(article.id));
  const body = sourceBody === undefined ? convertHtmlToMarkdown(article.body, siteUrl, canonical) : absolutizeMarkdown(sourceBody, siteUrl, canonical);
  const frontMatter = {
    title: article.title,
    date: toIsoDate(article.date).replace(/T00:00:00\.000Z$/, ''),
    language: article.language,
    tags: article.tags,
    canonical,
    summary: convertHtmlToText(article.summary),
  };
  return matter.stringify(`\n# ${article.title}\n\n${body}\n`, frontMatter);
}

/** llms.txt: the site, its owner in one paragraph, then one section per tag listing its articles' twins. */
export function buildLlmsTxt(siteUrl: string, articles: ArticleSummary[], cvTitle: string): string {
  const byTag = new Map<string, ArticleSummary[]>();
  for (const article of articles) {
    for (const tag of article.tags.length > 0 ? [...new Set(article.tags)] : ['Articles']) byTag.set(tag, [...(byTag.get(tag) ?? []), article]);
  }
  const line = (article: ArticleSummary) =>
    `- [${article.title.replace(/[[\]]/g, '')}](${toAbsoluteUrl(siteUrl, paths.articleMarkdown(article.id))}): ${convertHtmlToText(article.summary)}`;
  const sections = [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b, 'fr', { sensitivity: 'base' }));
  return [
    `# ${owner.siteName}`,
    '',
    `> ${owner.name}, ${owner.jobTitle.toLowerCase()} à ${owner.address.addressLocality} depuis ${owner.careerSince}. ${owner.jobDescription} Ses articles techniques, en français et parfois en anglais, sont listés ci-dessous par thème ; chaque lien mène à la version Markdown de l’article.`,
    '',
    `## CV`,
    '',
    `- [${cvTitle}](${toAbsoluteUrl(siteUrl, paths.cvMarkdown)}): ${owner.jobDescription}`,
    ...sections.flatMap(([tag, tagged]) => ['', `## ${tag}`, '', ...tagged.map(line)]),
    '',
  ].join('\n');
}

export function createMarkdownRouter({ items, responseCache, ttlSeconds, context, contentDir }: MarkdownRouterDeps): Router {
  const router = Router();
  const { siteUrl } = context;
  const t = createTranslator(context.lang, context.translations);

  /** The one place these answers meet the response cache; `build` gives null for a 404. */
  const answer = async (req: Request, res: Response, type: string, build: () => Promise<string | null>) => {
    try {
      const result = await build();
      if (result === null) {
        res.status(404).set('Cache-Control', 'no-store').type(PLAIN).send('No such article.\n');
        return;
      }
      // As the feeds: readers may reuse an answer as long as the items cache would, then revalidate with the ETag.
      res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(ttlSeconds)).type(type);
      await responseCache.send(req, res, 200, Buffer.from(result));
    } catch (error) {
      if (!(error instanceof ItemsUnavailableError)) throw error;
      sendArticlesUnavailable(res);
    }
  };

  router.get('/articles/:file', (req, res, next) => {
    const file = String(req.params.file);
    if (!file.endsWith('.md')) {
      next();
      return;
    }
    const id = file.slice(0, -'.md'.length);
    return answer(req, res, MARKDOWN, async () => {
      const article = isValidArticleId(id) ? await items.get(id) : null;
      return article && buildArticleMarkdown(siteUrl, article, await readSourceBody(contentDir, article.id));
    });
  });
  router.get(paths.llmsTxt, (req, res) => answer(req, res, PLAIN, async () => buildLlmsTxt(siteUrl, await items.list(''), t('CV.TITLE'))));
  router.get(paths.cvMarkdown, (req, res) =>
    answer(req, res, MARKDOWN, async () => {
      // Without the articles for now, the CV is still given, its skills unlinked.
      const articles = await items.list('').catch((error: unknown) => {
        if (error instanceof ItemsUnavailableError) return [];
        throw error;
      });
      return buildCvMarkdown({ siteUrl, t, now: new Date(), articles });
    }),
  );
  return router;
}
