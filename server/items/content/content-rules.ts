// Checks across articles, run by `npm run check` and by the server after each load: links to articles,
// headings, tags and site pages that exist; local images that exist and have alt text. Rules are a list:
// another check (aliases, translations) is one more function in `contentRules`.
import { toTagKey } from '../../../shared/items/search';
import { EN_PREFIX, paths } from '../../../shared/paths';
import { computeArticleLinks } from './article-links';
import type { ContentProblem, ContentProblemKind, ContentProblemSeverity } from './content-problems';
import type { ArticleReferences, Reference } from './content-references';

/** What the rules know of one article file. */
export interface CheckedArticle {
  file: string;
  id: string;
  tags: string[];
  refs: ArticleReferences;
}

export interface RuleContext {
  byId: ReadonlyMap<string, CheckedArticle>;
  /** Other ids that lead to an article (aliases), with the article. */
  aliases: ReadonlyMap<string, CheckedArticle>;
  tagKeys: ReadonlySet<string>;
  /** Whether a file of public/ exists at this URL path; undefined when public/ is not known (nothing checked then). */
  hasPublicFile?: (pathname: string) => boolean;
}

export type ContentRule = (article: CheckedArticle, context: RuleContext) => ContentProblem[];

/** Pages that need no article: the site's fixed paths (English ones are the same under /en). */
const SITE_PAGES = new Set<string>([
  '/',
  // The old CV path, redirected.
  '/cv',
  paths.cv,
  paths.articles,
  paths.about,
  paths.cvJson,
  paths.rss,
  paths.atom,
  paths.sitemap,
  paths.robots,
  paths.tags,
  paths.cvMarkdown,
  paths.llmsTxt,
  paths.shareCv,
  paths.shareArticles,
]);

function problem(
  article: CheckedArticle,
  at: Reference,
  kind: ContentProblemKind,
  message: string,
  severity: ContentProblemSeverity = 'error',
): ContentProblem {
  return { file: article.file, line: at.line, column: at.column, kind, severity, field: 'body', message };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Local targets only: "/…" and "#…"; a scheme, "//host" or a relative path is not checked. */
function splitLocalTarget(target: string): { pathname: string; anchor: string } | undefined {
  if (!target.startsWith('#') && !(target.startsWith('/') && !target.startsWith('//'))) return undefined;
  const [beforeHash = '', ...hash] = target.split('#');
  const pathname = beforeHash.split('?')[0]!;
  return { pathname, anchor: decodeSafely(hash.join('#')) };
}

/** A link's problem, or undefined when it leads somewhere. */
function checkLink(article: CheckedArticle, link: Reference, context: RuleContext): ContentProblem | undefined {
  const local = splitLocalTarget(link.target);
  if (!local) return undefined;
  const pathname = local.pathname === EN_PREFIX ? '/' : local.pathname.startsWith(`${EN_PREFIX}/`) ? local.pathname.slice(EN_PREFIX.length) : local.pathname;
  let anchorsOf: CheckedArticle | undefined = pathname === '' ? article : undefined;
  const articleMatch = /^\/articles\/([^/]+?)(\.md)?\/?$/.exec(pathname);
  const tagMatch = /^\/tags\/([^/]+)\/?$/.exec(pathname);
  if (articleMatch) {
    const id = decodeSafely(articleMatch[1]!);
    const target = context.byId.get(id) ?? context.aliases.get(id);
    if (!target) return problem(article, link, 'broken-link', `link to a missing article "${id}" (${link.target})`);
    anchorsOf = articleMatch[2] ? undefined : target;
  } else if (tagMatch) {
    const tag = decodeSafely(tagMatch[1]!);
    if (!context.tagKeys.has(toTagKey(tag))) return problem(article, link, 'broken-link', `link to a tag no article has "${tag}" (${link.target})`);
  } else if (pathname !== '' && !SITE_PAGES.has(pathname.replace(/(.)\/+$/, '$1'))) {
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!isFile) return problem(article, link, 'broken-link', `link to a page the site does not have (${link.target})`);
    if (context.hasPublicFile && !pathname.startsWith('/share/') && !context.hasPublicFile(decodeSafely(pathname)))
      return problem(article, link, 'broken-link', `link to a file missing from public/ (${link.target})`);
  }
  if (anchorsOf && local.anchor && !anchorsOf.refs.anchors.includes(local.anchor)) {
    const where = anchorsOf === article ? 'this article' : `article "${anchorsOf.id}"`;
    return problem(article, link, 'broken-anchor', `link to a heading ${where} does not have "#${local.anchor}" (${link.target})`);
  }
  return undefined;
}

export const checkLinks: ContentRule = (article, context) =>
  article.refs.links.flatMap((link) => {
    const found = checkLink(article, link, context);
    return found ? [found] : [];
  });

export const checkImages: ContentRule = (article, context) =>
  article.refs.images.flatMap((image) => {
    const found: ContentProblem[] = [];
    const local = splitLocalTarget(image.target);
    if (local?.pathname && context.hasPublicFile && !context.hasPublicFile(decodeSafely(local.pathname)))
      found.push(problem(article, image, 'missing-image', `image missing from public/ (${image.target})`));
    // Front matter images (share cards) have no alt text to give: only the body's are checked.
    if (image.alt === '') found.push(problem(article, image, 'image-without-alt', `image without alt text (${image.target})`, 'warning'));
    return found;
  });

/** The rules run on every article, in this order. */
export const contentRules: ContentRule[] = [checkLinks, checkImages];

/**
 * Every problem the rules find in these articles (each already valid on its own), and in `others`:
 * files checked too, though no link can lead to them (refused for their front matter).
 */
export function checkArticles(
  articles: Iterable<CheckedArticle>,
  {
    hasPublicFile,
    rules = contentRules,
    others = [],
  }: { hasPublicFile?: (pathname: string) => boolean; rules?: ContentRule[]; others?: CheckedArticle[] } = {},
): ContentProblem[] {
  const byId = new Map<string, CheckedArticle>();
  const aliases = new Map<string, CheckedArticle>();
  const tagKeys = new Set<string>();
  for (const article of articles) {
    byId.set(article.id, article);
    for (const tag of article.tags) tagKeys.add(toTagKey(tag));
  }
  // Read as the site answers them: a former id claimed by two articles, or that is a live id, leads to neither.
  const linked = [...byId.values()].map(({ file, id, refs }) => ({ name: file, file, id, language: '', ...(refs.aliases ? { aliases: refs.aliases } : {}) }));
  for (const [alias, id] of computeArticleLinks(linked).aliases) aliases.set(alias, byId.get(id)!);
  const context: RuleContext = { byId, aliases, tagKeys, ...(hasPublicFile ? { hasPublicFile } : {}) };
  return [...byId.values(), ...others].flatMap((article) => rules.flatMap((rule) => rule(article, context)));
}
