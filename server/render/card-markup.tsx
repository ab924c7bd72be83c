// The list's cards as kept markup (decision 085): a search page rendered its 20 cards element by element,
// a fifth of the long tail's CPU, though a card's markup depends only on its article, the language and
// the tags' label; the snippet, which depends on the search, is set into the kept markup.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { renderToStaticMarkup } from 'react-dom/server';
import { ArticleCard } from '../../shared/components/article-card';
import type { CardMarkup, CardProps } from '../../shared/components/card-markup';
import type { ArticleSummary } from '../../shared/items/types';

/** Cards kept, in bytes: about 1,500 cards, the articles most searches show. */
export const CARD_MARKUP_MAX_BYTES = 4 * 1024 * 1024;

/** A card's markup around its snippet (`after` is '' for a card without one), for this very summary. */
interface KeptCard {
  article: ArticleSummary;
  before: string;
  after: string;
}

// Random per process: no article can hold it, so the one place it appears is where the snippet goes.
const SNIPPET_MARKER = `card-snippet-${randomUUID()}`;

/** Strings as UTF-16 (the most they can take), the summary the entry holds on to, and the entry itself. */
function estimateBytes({ article, before, after }: KeptCard): number {
  return 2 * (before.length + after.length + article.summary.length + article.title.length) + 200;
}

export function createCardMarkup({ maxBytes = CARD_MARKUP_MAX_BYTES }: { maxBytes?: number } = {}): CardMarkup {
  const kept = new LRUCache<string, KeptCard>({ maxSize: maxBytes, sizeCalculation: estimateBytes });
  return ({ article, lang, tagsLabel, snippet }: CardProps) => {
    const key = `${snippet ? 's' : 'n'}\n${lang}\n${tagsLabel}\n${article.id}`;
    let card = kept.get(key);
    // Another summary for the same id: the content or the items service changed it.
    if (card?.article !== article) {
      const html = renderToStaticMarkup(<ArticleCard article={article} lang={lang} tagsLabel={tagsLabel} snippet={snippet ? SNIPPET_MARKER : undefined} />);
      const at = snippet ? html.indexOf(SNIPPET_MARKER) : -1;
      card = at < 0 ? { article, before: html, after: '' } : { article, before: html.slice(0, at), after: html.slice(at + SNIPPET_MARKER.length) };
      kept.set(key, card);
    }
    return snippet ? card.before + snippet + card.after : card.before;
  };
}
