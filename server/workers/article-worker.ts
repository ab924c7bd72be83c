// The CPU work on one article, run in a worker thread by piscina (worker-pool.ts) so that it never
// holds the event loop (decision 027). Each export is one kind of job. Inputs and results are plain
// data for the structured clone: a content file error comes back as a value, since an Error loses
// its own fields on the way.
import type { Font } from 'satori';
import { readArticleAids, type ArticleAids } from '../../shared/items/article-aids';
import type { Article } from '../../shared/items/types';
import type { ShareCard } from '../../shared/seo/share-image';
import { prepareArticle } from '../html/prepare-article';
import { hasDiagramFence, loadDiagramRenderer } from '../html/writing-kit/diagrams';
import type { RenderWarning } from '../html/writing-kit/article-markdown';
import type { CatalogImage } from '../images/image-catalog';
import { writeCacheEntry, type CachedArticle, type PackedEntry } from '../items/content/content-cache';
import type { ContentProblem } from '../items/content/content-problems';
import { ContentFileError, parseArticleSource } from '../items/content/parse-article-file';
import { buildIndexDocument } from '../items/content/search-index';
import { decodeUpstreamArticle, decodeUpstreamListPacked, type DecodedArticle, type PackedList } from '../items/upstream-entries';
import { loadCardFonts, renderShareImage } from '../share/render-share-image';

export interface PrepareArticleTask {
  article: Article;
  /** The site's images by path, sent only when the body has an <img>: the worker has no catalog of its own. */
  images?: Map<string, CatalogImage>;
}

export interface FileTask {
  /** The file's name as reported in problems. */
  file: string;
  text: string;
}

export interface AnalyseFileTask extends FileTask {
  /** Where the disk cache keeps the analysed article (ContentCache's folder, the text's hash): written here, off the event loop. */
  saveIn?: { dir: string; hash: string };
}

/** An items service's answer as read: its buffer is moved to the thread, not copied. */
export interface UpstreamBytesTask {
  bytes: Uint8Array;
}

/** A ContentFileError as data. */
export interface FileProblem {
  fileProblems: ContentProblem[];
}

/** Runs `parse`, returning a content file error as data and throwing anything else. */
function catchFileProblem<T>(parse: () => T): T | FileProblem {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    return { fileProblems: error.problems };
  }
}

/** Nothing: sent first to a new pool, so that a thread has loaded this module before the first real job. */
export function warmUpJob(): void {}

/** What prepareArticle does (sanitise, highlight, number headings, responsive images), and what the page reads from the result. */
export async function prepareArticleJob({ article, images }: PrepareArticleTask): Promise<{ article: Article; aids: ArticleAids }> {
  const prepared = await prepareArticle(article, images ? { bySrc: images, byStem: new Map() } : undefined);
  // The table of contents and reading time scan the whole body: 10-100 ms on a hostile one, here rather than on the event loop.
  return { article: prepared, aids: readArticleAids(prepared) };
}

/** One content file analysed for the index, and where the disk cache keeps it (when it could be written). */
export interface AnalysedFile {
  analysed: CachedArticle;
  savedAt?: PackedEntry;
}

/** A content file's front matter checked, its Markdown parsed and its words stemmed for the index, then kept in the disk cache. */
export function analyseFileJob({ file, text, saveIn }: AnalyseFileTask): AnalysedFile | FileProblem {
  return catchFileProblem(() => {
    const parsed = parseArticleSource(file, text, { renderBody: false, readRefs: true });
    const { article } = parsed;
    const doc = buildIndexDocument(article.id, Date.parse(article.date), article.language, { title: article.title, tags: article.tags, ...parsed.text });
    const analysed: CachedArticle = {
      article,
      draft: parsed.draft,
      ...(parsed.seriesOrder !== undefined ? { seriesOrder: parsed.seriesOrder } : {}),
      ...(parsed.translationKey !== undefined ? { translationKey: parsed.translationKey } : {}),
      ...(parsed.aliases ? { aliases: parsed.aliases } : {}),
      doc,
      ...(parsed.refs ? { refs: parsed.refs } : {}),
    };
    // The text snippets are cut from: summary, then body.
    const savedAt = saveIn && writeCacheEntry(saveIn.dir, saveIn.hash, analysed, `${parsed.text.summary}\n\n${parsed.text.body}`);
    return savedAt ? { analysed, savedAt } : { analysed };
  });
}

/** A content file's article with its body rendered, for a page, and what could not be drawn in it. */
export async function renderFileJob({ file, text }: FileTask): Promise<{ article: Article; warnings: RenderWarning[] } | FileProblem> {
  // Loaded by the first file that has a diagram: the others never pay for the renderer.
  if (hasDiagramFence(text)) await loadDiagramRenderer();
  return catchFileProblem(() => {
    const { article, warnings } = parseArticleSource(file, text);
    return { article, warnings };
  });
}

/** An article answer of the items service decoded, checked and cut to the limits kept. */
export function decodeUpstreamArticleJob({ bytes }: UpstreamBytesTask): DecodedArticle {
  return decodeUpstreamArticle(bytes);
}

/** A list answer of the items service decoded and checked, entry by entry, its summaries sanitised; sent back as JSON text in slices. */
export async function decodeUpstreamListJob({ bytes }: UpstreamBytesTask): Promise<PackedList> {
  return decodeUpstreamListPacked(bytes);
}

/** A share card to draw, and the owner's photo as a data URL (read once by the router). */
export interface DrawShareCardTask {
  card: ShareCard;
  photo: string;
}

/** The card fonts, read once per thread on its first card. */
let cardFonts: Promise<Font[]> | undefined;

/** A share card drawn to PNG (satori, then resvg): 30-100 ms of CPU a card, and seconds for a hostile one, off the event loop. */
export async function drawShareCardJob({ card, photo }: DrawShareCardTask): Promise<Uint8Array> {
  const fonts = await (cardFonts ??= loadCardFonts().catch((error: unknown) => {
    cardFonts = undefined;
    throw error;
  }));
  return renderShareImage(card, { fonts, photo });
}
