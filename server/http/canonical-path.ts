// One spelling per resource. Express and React Router match paths without regard to case, repeated
// or trailing slashes, and the handlers decode percent-escapes: `/ARTICLES`, `/articles/`,
// `/articles/.` and `/articles` render the same page. The canonical form is the one the site links
// to; every other spelling is answered 301 to it (issue 25, finding 3), never rendered and kept again.
import { EN_PREFIX, paths } from '../../shared/paths';
import { ITEMS_API_PATH } from '../../shared/items/items-api';

/** The route words at each depth of the path (lower case); PARAM: a segment that names something (an id, a tag), kept as written. */
interface Words {
  [word: string]: Words;
}
const PARAM = '*';

/** The tree of the fixed words of the site's paths, from the paths they are written with. */
function buildRouteWords(): Words {
  const root: Words = {};
  const add = (pattern: string) => {
    let node = root;
    for (const word of pattern.split('/').filter(Boolean)) {
      const key = word.toLowerCase();
      node[key] ??= {};
      node = node[key];
    }
  };
  for (const path of [paths.cv, '/cv', paths.about, paths.articles, paths.tags, paths.cvJson, paths.cvMarkdown, paths.llmsTxt]) add(path);
  for (const path of [paths.rss, paths.atom, paths.sitemap, paths.robots, paths.shareCv, paths.shareArticles, '/healthz', '/readyz']) add(path);
  for (const feed of ['rss.xml', 'atom.xml']) add(`${paths.tags}/${PARAM}/${feed}`);
  // An article (and its Markdown twin), a tag, the share card of either: the segment names it.
  add(`${paths.articles}/${PARAM}`);
  add(`/share${paths.articles}/${PARAM}`);
  add(`/share${paths.tags}/${PARAM}`);
  add(`${ITEMS_API_PATH}/items/${PARAM}`);
  add(`${ITEMS_API_PATH}/search`);
  return root;
}

const ROUTE_WORDS = buildRouteWords();
const EN_WORD = EN_PREFIX.slice(1);

/** Characters a path segment may hold as they are (RFC 3986 pchar) but encodeURIComponent escapes. */
const LITERAL_IN_PATH = /%(?:40|2B|2C|3B|3D|3A|24|26)/gi;

/**
 * A segment outside the site's routes (a file under /images/, /assets/…) as the pages write it: a file
 * named `schema@2x.png` is linked and stored with its `@`, so escaping it would send every request
 * for it through a 301 to a spelling the image router did not know.
 */
function encodeFileSegment(segment: string): string {
  return encodeURIComponent(segment).replace(LITERAL_IN_PATH, (escape) => decodeURIComponent(escape));
}

/**
 * The canonical form of a path (no query): one slash between segments, none at the end (but for the
 * root and the English home `/en/`), dot segments resolved, the site's route words in lower case, and
 * each other segment percent-encoded as the site's links write it: encodeURIComponent for an id or a
 * tag, with the path's own literal characters (`@ + , ; = : $ &`) kept for a file. Undefined when a
 * segment's percent-encoding is not UTF-8, or escapes a dot segment: such a path names nothing, and is
 * answered as it is (400, 404).
 */
export function canonicalizePath(path: string): string | undefined {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // An escaped dot segment (`%2e%2e`) is a traversal attempt, not a spelling of anything: no form.
    if ((decoded === '.' || decoded === '..') && decoded !== raw) return undefined;
    if (decoded === '.') continue;
    if (decoded === '..') segments.pop();
    else segments.push(decoded);
  }
  let prefix = '';
  if (segments[0]?.toLowerCase() === EN_WORD) {
    segments.shift();
    if (segments.length === 0) return `${EN_PREFIX}/`;
    prefix = EN_PREFIX;
  }
  let node: Words | undefined = ROUTE_WORDS;
  let canonical = prefix;
  for (const segment of segments) {
    const word = segment.toLowerCase();
    if (node && Object.hasOwn(node, word)) {
      canonical += `/${word}`;
      node = node[word];
    } else if (node && Object.hasOwn(node, PARAM)) {
      // An id or a tag: written as the site's links write it.
      canonical += `/${encodeURIComponent(segment)}`;
      node = node[PARAM];
    } else {
      canonical += `/${encodeFileSegment(segment)}`;
      node = undefined;
    }
  }
  return canonical || '/';
}
