// Plain-text twins of the pages for crawlers and assistants: /articles/{id}.md, /cv.md and /llms.txt
// (llmstxt.org). Built from the items cache like the feeds, and kept in the response cache.
import { Router, type Request, type Response } from 'express';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import matter from 'gray-matter';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PageContext } from '../../shared/page-context';
import { createTranslator } from '../../shared/i18n/i18n';
import { ItemsUnavailableError, isValidArticleId, type ItemsReader } from '../../shared/items/items-reader';
import { toIsoDate } from '../../shared/items/format-date';
import { htmlToPlainText, truncateText } from '../../shared/items/truncate-html';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { buildCanonicalUrl, paths, toAbsoluteUrl } from '../../shared/paths';
import { buildCvMarkdown } from '../../shared/site/cv-markdown';
import { owner } from '../../shared/site/owner';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import type { Encoding } from '../http/stored-answer';
import { absolutizeMarkdown, convertHtmlToMarkdown, convertHtmlToText, escapeMarkdownText } from './to-markdown';
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
    // YAML quotes what it must; the title is still one line, as on the page.
    title: article.title.replace(/\s+/g, ' ').trim(),
    date: toIsoDate(article.date).replace(/T00:00:00\.000Z$/, ''),
    language: article.language,
    tags: article.tags,
    canonical,
    summary: convertHtmlToText(article.summary),
  };
  // The title is data: a line break, "---", "#" or a tag in it stays text under the one heading.
  return matter.stringify(`\n# ${escapeMarkdownText(article.title)}\n\n${body}\n`, frontMatter);
}

/** Sections an article is listed in, its first tags': the owner's articles carry at most five (decision 035). */
export const LLMS_SECTIONS_PER_ARTICLE = 6;
/** Longest note (the summary as text) after a link in llms.txt, in characters. */
export const LLMS_NOTE_MAX_CHARS = 300;
/** Articles written between two turns of the event loop. */
const LLMS_SLICE = 500;

/** The note of a link: the summary as one line of text (a regular expression, not a parse: 27,000 of them), cut. */
function noteOf(article: ArticleSummary): string {
  return escapeMarkdownText(truncateText(htmlToPlainText(article.summary), LLMS_NOTE_MAX_CHARS));
}

/** Sections sorted by their tag as a French reader would: one collator, not one per comparison. */
const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * llms.txt as bytes: the site, its owner in one paragraph, then one section per tag listing its
 * articles' twins. Each article's line is written once, in slices with `pause` between them, and put
 * in its sections: linear in the articles (the list of 27,000 upstream items took 4 s when each section
 * was copied). The text is joined and encoded in slices too: 2 MB joined at once held the event loop
 * 20-100 ms (decision 038).
 */
export async function buildLlmsTxt(siteUrl: string, articles: ArticleSummary[], cvTitle: string, pause?: () => Promise<unknown>): Promise<Buffer> {
  const sections = new Map<string, string[]>();
  for (const [index, article] of articles.entries()) {
    if (pause && index > 0 && index % LLMS_SLICE === 0) await pause();
    const note = noteOf(article);
    const line = `- [${escapeMarkdownText(article.title)}](${toAbsoluteUrl(siteUrl, paths.articleMarkdown(article.id))})${note ? `: ${note}` : ''}`;
    const tags = article.tags.length > 0 ? [...new Set(article.tags)].slice(0, LLMS_SECTIONS_PER_ARTICLE) : ['Articles'];
    for (const tag of tags) {
      const lines = sections.get(tag);
      if (lines) lines.push(line);
      else sections.set(tag, [line]);
    }
  }
  const sorted = [...sections.entries()].sort(([a], [b]) => frenchOrder.compare(a, b));
  const lines = [
    `# ${owner.siteName}`,
    '',
    `> ${owner.name}, ${owner.jobTitle.toLowerCase()} à ${owner.address.addressLocality} depuis ${owner.careerSince}. ${owner.jobDescription} Ses articles techniques, en français et parfois en anglais, sont listés ci-dessous par thème ; chaque lien mène à la version Markdown de l’article.`,
    '',
    `## CV`,
    '',
    `- [${cvTitle}](${toAbsoluteUrl(siteUrl, paths.cvMarkdown)}): ${owner.jobDescription}`,
  ];
  for (const [tag, section] of sorted) {
    lines.push('', `## ${escapeMarkdownText(tag)}`, '');
    for (const line of section) lines.push(line);
  }
  lines.push('');
  // Each slice ends with the line break that joins it to the next, the last one without.
  const slices: Buffer[] = [];
  for (let at = 0; at < lines.length; at += LLMS_SLICE) {
    if (pause && at > 0) await pause();
    const end = Math.min(lines.length, at + LLMS_SLICE);
    slices.push(Buffer.from(lines.slice(at, end).join('\n') + (end < lines.length ? '\n' : '')));
  }
  return Buffer.concat(slices);
}

/** Bytes hashed between two turns of the event loop: 2.7 MB at once held it about 7 ms. */
const HASH_SLICE = 256 * 1024;

/** The SHA-256 of the bytes as hashBody writes it (base64url, 27 characters), `pause` awaited between slices. */
export async function hashInSlices(body: Buffer, pause: () => Promise<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < body.length; at += HASH_SLICE) {
    if (at > 0) await pause();
    hash.update(body.subarray(at, at + HASH_SLICE));
  }
  return hash.digest('base64url').slice(0, 27);
}

/** An answer's bytes with the hash that names them (its ETag), and each encoding of them, worked out once. */
interface HashedBody {
  body: Buffer;
  hash: string;
  encoded: (encoding: Encoding) => Promise<Buffer>;
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
/** Output handed back to the event loop 256 KB at a time, not 16 (decision 061). */
const OUTPUT_CHUNK = 256 * 1024;

/**
 * The bytes with their hash and their compressions, each made once, on libuv's threads, when first
 * asked for: llms.txt compressed for each request was 2.7 MB through gzip or brotli, and as many
 * buffers of garbage, each time (decision 065). At the levels of a kept answer (stored-answer.ts).
 */
async function prepareBody(body: Buffer, pause: () => Promise<unknown>): Promise<HashedBody> {
  const hash = await hashInSlices(body, pause);
  const encodings = new Map<Encoding, Promise<Buffer>>();
  const compress = (encoding: Encoding) =>
    encoding === 'br'
      ? brotliAsync(body, {
          chunkSize: OUTPUT_CHUNK,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipAsync(body, { level: 6, chunkSize: OUTPUT_CHUNK });
  const encoded = (encoding: Encoding) => {
    let bytes = encodings.get(encoding);
    if (!bytes) {
      bytes = compress(encoding);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => encodings.delete(encoding));
      encodings.set(encoding, bytes);
    }
    return bytes;
  };
  return { body, hash, encoded };
}

export function createMarkdownRouter({ items, responseCache, ttlSeconds, context, contentDir }: MarkdownRouterDeps): Router {
  const router = Router();
  const { siteUrl } = context;
  const t = createTranslator(context.lang, context.translations);

  /** The one place these answers meet the response cache; `build` gives null for a 404. */
  const answer = async (req: Request, res: Response, type: string, build: () => Promise<string | Buffer | HashedBody | { redirect: string } | null>) => {
    try {
      const result = await build();
      if (result === null) {
        res.status(404).set('Cache-Control', 'no-store').type(PLAIN).send('No such article.\n');
        return;
      }
      if (typeof result === 'object' && 'redirect' in result) {
        res.set('Cache-Control', 'public, max-age=86400').redirect(301, result.redirect);
        return;
      }
      // As the feeds: readers may reuse an answer as long as the items cache would, then revalidate with the ETag.
      res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(ttlSeconds)).type(type);
      if (typeof result === 'object' && 'hash' in result) await responseCache.send(req, res, 200, result.body, { hash: result.hash, encoded: result.encoded });
      else await responseCache.send(req, res, 200, Buffer.isBuffer(result) ? result : Buffer.from(result));
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
      if (article) return buildArticleMarkdown(siteUrl, article, await readSourceBody(contentDir, article.id));
      // A renamed article's twin is at its new id, for good (decision 040).
      const renamed = isValidArticleId(id) ? await items.findAlias?.(id) : null;
      return renamed ? { redirect: paths.articleMarkdown(renamed) } : null;
    });
  });
  // Drafts and future articles SHOW_DRAFTS lists for local writing: never offered to machines.
  const published = (articles: ArticleSummary[]) => (items.isUnpublished ? articles.filter((article) => !items.isUnpublished!(article.id)) : articles);
  // One build per list: asked again (or at once by many) while the list is fresh, the same bytes, the
  // same hash (2.7 MB hashed for each request held the event loop 7 ms) and the same compressed bytes.
  const llmsTexts = new WeakMap<ArticleSummary[], Promise<HashedBody>>();
  const readLlmsTxt = async () => {
    const articles = await items.list('');
    let text = llmsTexts.get(articles);
    if (!text) {
      const pause = () => yieldToEventLoop();
      text = buildLlmsTxt(siteUrl, published(articles), t('CV.TITLE'), pause).then((body) => prepareBody(body, pause));
      llmsTexts.set(articles, text);
    }
    return text;
  };
  router.get(paths.llmsTxt, (req, res) => answer(req, res, PLAIN, readLlmsTxt));
  router.get(paths.cvMarkdown, (req, res) =>
    answer(req, res, MARKDOWN, async () => {
      // Without the articles for now, the CV is still given, its skills unlinked.
      const articles = await items.list('').catch((error: unknown) => {
        if (error instanceof ItemsUnavailableError) return [];
        throw error;
      });
      return buildCvMarkdown({ siteUrl, t, now: new Date(), articles: published(articles) });
    }),
  );
  return router;
}
