// The content check of `npm run check`: every article file of a folder parsed with the server's rules
// (strict front matter, duplicate ids, then links and images across articles), every problem kept.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeArticleLinks, type LinkedArticle } from './article-links';
import { ContentFileError, displayPath, linkProblems, sortProblems, type ContentProblem } from './content-problems';
import { checkArticles, type CheckedArticle } from './content-rules';
import { parseArticleSource, readBodyReferences } from './parse-article-file';
import { parseSynonyms, SYNONYMS_FILE } from './synonyms';

/** An article that only a preview link shows. */
export interface HiddenArticle {
  file: string;
  id: string;
  reason: 'draft' | 'scheduled';
}

export interface ContentCheck {
  files: number;
  problems: ContentProblem[];
  hidden: HiddenArticle[];
}

async function listArticleFiles(articlesDir: string): Promise<string[]> {
  const names = await readdir(articlesDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((name) => name.endsWith('.md')).sort();
}

/** The mistakes of CONTENT_DIR/synonyms.yml (none when there is no file): the server would drop those groups. */
async function checkSynonyms(contentDir: string): Promise<ContentProblem[]> {
  const synonymsFile = path.join(contentDir, SYNONYMS_FILE);
  const text = await readFile(synonymsFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const file = displayPath(synonymsFile);
  return parseSynonyms(text).problems.map(({ line, message }) => ({
    file,
    line,
    column: 1,
    kind: 'invalid-synonyms',
    severity: 'error',
    field: 'file',
    message,
  }));
}

/** Checks CONTENT_DIR/articles/*.md and CONTENT_DIR/synonyms.yml; `publicDir` is where local images and files are looked for. */
export async function checkContentFolder({
  contentDir,
  publicDir,
  now = Date.now(),
}: {
  contentDir: string;
  publicDir?: string;
  now?: number;
}): Promise<ContentCheck> {
  const articlesDir = path.join(contentDir, 'articles');
  const names = await listArticleFiles(articlesDir);
  const problems: ContentProblem[] = [];
  const checked: CheckedArticle[] = [];
  // Files refused for their front matter: their links and images are checked all the same.
  const refused: CheckedArticle[] = [];
  const hidden: HiddenArticle[] = [];
  const owners = new Map<string, string>();
  const linked: LinkedArticle[] = [];
  for (const name of names) {
    const file = displayPath(path.join(articlesDir, name));
    const text = await readFile(path.join(articlesDir, name), 'utf8');
    try {
      const { article, draft, refs, translationKey, aliases } = parseArticleSource(file, text, { renderBody: false, readRefs: true });
      // The server takes files in name order: the first file with an id keeps it, as here.
      const owner = owners.get(article.id);
      if (owner) {
        const line = text.split(/\r?\n/).findIndex((each) => /^id\s*:/.test(each)) + 1 || 1;
        const message = `id: duplicate id "${article.id}", already used by ${owner}`;
        problems.push({ file, line, column: 1, kind: 'duplicate-id', severity: 'error', field: 'id', message });
        continue;
      }
      owners.set(article.id, file);
      checked.push({ file, id: article.id, tags: article.tags, refs: refs ?? { links: [], images: [], anchors: [] } });
      linked.push({
        name,
        file,
        id: article.id,
        language: article.language,
        ...(translationKey !== undefined ? { translationKey } : {}),
        ...(aliases ? { aliases } : {}),
      });
      if (draft || Date.parse(article.date) > now) hidden.push({ file, id: article.id, reason: draft ? 'draft' : 'scheduled' });
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      problems.push(...error.problems);
      if (!error.problems.some((problem) => problem.kind === 'front-matter-syntax')) refused.push({ file, id: '', tags: [], refs: readBodyReferences(text) });
    }
  }
  const hasPublicFile = publicDir ? (pathname: string) => existsSync(path.join(publicDir, path.normalize(pathname).replace(/^([/\\])+/, ''))) : undefined;
  problems.push(...linkProblems(computeArticleLinks(linked).problems));
  problems.push(...checkArticles(checked, { others: refused, ...(hasPublicFile ? { hasPublicFile } : {}) }));
  problems.push(...(await checkSynonyms(contentDir)));
  return { files: names.length, problems: sortProblems(problems), hidden };
}
