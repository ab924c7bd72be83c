// What ties built-in articles to one another beyond their own file: translations (articles sharing a
// `translationKey`) and former ids (`aliases`, answered 301 to the article). The content source tells
// this module each file's article as it changes; the groups, the alias map and the conflicts are worked
// out again, all at once, on the first question after a change (decision 040).

/** What this module needs of one article file. */
export interface LinkedArticle {
  /** The file's name in the articles folder (the content source's key). */
  name: string;
  /** The file as problems name it (relative to the working directory). */
  file: string;
  id: string;
  language: string;
  translationKey?: string;
  aliases?: string[];
}

/** A conflict between files, reported like a bad field: the file, the field, and a message naming both files. */
export interface LinkProblem {
  file: string;
  field: string;
  message: string;
}

interface Links {
  /** id → the ids of its translations, itself excluded, by language. */
  translations: Map<string, string[]>;
  /** Each linked group's ids, by language. */
  groups: string[][];
  /** former id → the id that now answers it. */
  aliases: Map<string, string>;
  problems: LinkProblem[];
}

function problem(article: LinkedArticle, field: string, detail: string): LinkProblem {
  // The file is not repeated: problems print as `file:line:column: message` (content-problems.ts).
  return { file: article.file, field, message: `${field}: ${detail}` };
}

/** The links of a set of articles. Pure: the same articles, in any order, give the same links. */
export function computeArticleLinks(articles: Iterable<LinkedArticle>): Links {
  // In file name order, so that which file a conflict is reported on does not depend on load order.
  const sorted = [...articles].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byId = new Map(sorted.map((article) => [article.id, article]));
  const problems: LinkProblem[] = [];

  const translations = new Map<string, string[]>();
  const linked: string[][] = [];
  const groups = new Map<string, LinkedArticle[]>();
  for (const article of sorted) {
    if (article.translationKey === undefined) continue;
    const group = groups.get(article.translationKey);
    if (group) group.push(article);
    else groups.set(article.translationKey, [article]);
  }
  for (const [key, group] of groups) {
    const byLanguage = new Map<string, LinkedArticle>();
    let conflict = false;
    for (const article of group) {
      const first = byLanguage.get(article.language);
      if (first) {
        conflict = true;
        problems.push(
          problem(article, 'translationKey', `"${key}" already has a "${article.language}" article: ${first.file}; neither is linked to its translations`),
        );
      } else byLanguage.set(article.language, article);
    }
    // A key with two articles of one language links none of its articles: which one is meant is the owner's call.
    if (conflict || group.length < 2) continue;
    const ordered = [...group].sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
    linked.push(ordered.map((article) => article.id));
    for (const article of ordered)
      translations.set(
        article.id,
        ordered.filter((other) => other !== article).map((other) => other.id),
      );
  }

  const claims = new Map<string, LinkedArticle[]>();
  for (const article of sorted) {
    for (const alias of article.aliases ?? []) {
      const live = byId.get(alias);
      if (live) {
        problems.push(problem(article, 'aliases', `"${alias}" is the id of ${live.file}, which is served; the alias is ignored`));
        continue;
      }
      const claimers = claims.get(alias);
      if (claimers) claimers.push(article);
      else claims.set(alias, [article]);
    }
  }
  const aliases = new Map<string, string>();
  for (const [alias, claimers] of claims) {
    if (claimers.length === 1) {
      aliases.set(alias, claimers[0]!.id);
      continue;
    }
    // Two articles claiming one former id: it leads to neither.
    for (const article of claimers.slice(1))
      problems.push(problem(article, 'aliases', `"${alias}" is also claimed by ${claimers[0]!.file}; it leads to neither article`));
  }
  return { translations, groups: linked, aliases, problems };
}

/** The links of the articles as they are now, kept up to date file by file. */
export class ArticleLinks {
  private readonly articles = new Map<string, LinkedArticle>();
  private links: Links | undefined;

  /** The file's article as it is now (replacing what the file held). */
  set(article: LinkedArticle): void {
    this.articles.set(article.name, article);
    this.links = undefined;
  }

  /** The file is gone or no longer an article. */
  delete(name: string): void {
    if (this.articles.delete(name)) this.links = undefined;
  }

  clear(): void {
    this.articles.clear();
    this.links = undefined;
  }

  /** The ids of the article's translations, by language; none when it has none. */
  translationsOf(id: string): readonly string[] {
    return this.current().translations.get(id) ?? [];
  }

  /** Every group of translations (ids by language). */
  groups(): readonly (readonly string[])[] {
    return this.current().groups;
  }

  /** The id now answering a former id, if an article claims it (alone). */
  resolveAlias(id: string): string | undefined {
    return this.current().aliases.get(id);
  }

  /** Conflicts between files, in file order. */
  problems(): readonly LinkProblem[] {
    return this.current().problems;
  }

  private current(): Links {
    this.links ??= computeArticleLinks(this.articles.values());
    return this.links;
  }
}
