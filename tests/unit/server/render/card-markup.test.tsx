import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as articleCard from '../../../../shared/components/article-card';
import { ArticleResults, type ArticleListResult, type ArticleResultsLabels } from '../../../../shared/components/article-results';
import { CardMarkupContext, type CardMarkup } from '../../../../shared/components/card-markup';
import type { Lang } from '../../../../shared/i18n/langs';
import type { ArticleSummary } from '../../../../shared/items/types';
import { createCardMarkup } from '../../../../server/render/card-markup';

// Counted: a card taken from what was kept is not rendered again.
vi.mock('../../../../shared/components/article-card', async (importOriginal) => {
  const original = await importOriginal<typeof articleCard>();
  return { ...original, ArticleCard: vi.fn(original.ArticleCard) };
});

const labels: ArticleResultsLabels = {
  noMatch: 'Aucun article ne correspond à « {{query}} ».',
  noMatchHint: 'Essayez d’autres mots.',
  showAll: 'Afficher tous les articles',
  empty: 'Aucun article.',
  tags: 'Mots-clés',
  suggestion: 'Vouliez-vous dire « {{query}} » ?',
  sortLabel: 'Trier par',
  sortRelevance: 'pertinence',
  sortDate: 'date',
  facets: 'Affiner par mot-clé',
  pages: 'Pages de résultats',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  pageOf: 'Page {{page}} sur {{pages}}',
};

const summary = (id: string, changes: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id,
  title: `Titre de ${id}`,
  date: '2025-03-12',
  tags: ['Java', 'Kafka'],
  images: [],
  summary: `<p>Résumé de <em>${id}</em></p>`,
  language: 'fr',
  ...changes,
});

// The cards a list shows: with and without a thumbnail (local raster and remote), a snippet, tags,
// a title to escape, and another language's article (its badge and lang attribute).
const articles = [
  summary('kafka-streams', { images: ['/images/kafka.png'] }),
  summary('english-one', { language: 'en', title: 'Threads & <locks>', images: ['https://example.org/a.jpg'] }),
  summary('no-tags', { tags: [] }),
  summary('plain'),
];
const snippets = ['…les <mark>flux</mark> de Kafka…', 'a <mark>lock</mark> &amp; more', undefined, ''];

const resultOf = (list: ArticleSummary[], snippetOf: (at: number) => string | undefined = (at) => snippets[at]): ArticleListResult => ({
  filter: 'kafka flux',
  sort: 'relevance',
  page: 1,
  total: list.length,
  hits: list.map((article, at) => ({ article, snippet: snippetOf(at) })),
  facets: [{ tag: 'Kafka', count: 2 }],
});

function render(result: ArticleListResult, lang: Lang, cardMarkup?: CardMarkup): string {
  const results = <ArticleResults result={result} lang={lang} labels={labels} />;
  return renderToString(cardMarkup ? <CardMarkupContext.Provider value={cardMarkup}>{results}</CardMarkupContext.Provider> : results);
}

describe('createCardMarkup', () => {
  it('gives the very HTML React renders for the cards, the first time and from what it kept', () => {
    const cardMarkup = createCardMarkup();
    for (const lang of ['fr', 'en'] as const) {
      const reference = render(resultOf(articles), lang);
      expect(reference).toContain('data-testid="snippet"');
      expect(render(resultOf(articles), lang, cardMarkup)).toBe(reference);
      expect(render(resultOf(articles), lang, cardMarkup)).toBe(reference);
    }
  });

  it('renders a card once: a second search showing the same articles takes them from what was kept', () => {
    const cardMarkup = createCardMarkup();
    vi.mocked(articleCard.ArticleCard).mockClear();
    render(resultOf(articles), 'fr', cardMarkup);
    expect(articleCard.ArticleCard).toHaveBeenCalledTimes(articles.length);
    // Other snippets, in the same cards (the first two have one, the others none).
    const page = render(
      resultOf(articles, (at) => (at < 2 ? `autre passage ${at}` : undefined)),
      'fr',
      cardMarkup,
    );
    expect(articleCard.ArticleCard).toHaveBeenCalledTimes(articles.length);
    expect(page).toContain('autre passage 1');
    // Another language is another card.
    render(resultOf(articles), 'en', cardMarkup);
    expect(articleCard.ArticleCard).toHaveBeenCalledTimes(2 * articles.length);
  });

  it('sets each search its own snippet into a kept card, and keeps a card with no snippet apart', () => {
    const cardMarkup = createCardMarkup();
    render(resultOf(articles), 'fr', cardMarkup);
    const other = (at: number) => (at === 2 ? 'un <mark>autre</mark> passage' : at === 0 ? undefined : `passage ${at}`);
    const page = render(resultOf(articles, other), 'fr', cardMarkup);
    expect(page).toBe(render(resultOf(articles, other), 'fr'));
    expect(page).toContain('un <mark>autre</mark> passage');
    expect(page).not.toContain('<mark>flux</mark>');
  });

  it('renders a card again when its article changed, though its id did not', () => {
    const cardMarkup = createCardMarkup();
    render(resultOf(articles), 'fr', cardMarkup);
    const edited = [summary('kafka-streams', { title: 'Nouveau titre', tags: ['Streams'] }), ...articles.slice(1)];
    const page = render(resultOf(edited), 'fr', cardMarkup);
    expect(page).toBe(render(resultOf(edited), 'fr'));
    expect(page).toContain('Nouveau titre');
    expect(page).not.toContain('Titre de kafka-streams');
  });

  it('still gives each card when it may keep none (a bound below one card)', () => {
    const cardMarkup = createCardMarkup({ maxBytes: 1 });
    expect(render(resultOf(articles), 'en', cardMarkup)).toBe(render(resultOf(articles), 'en'));
    expect(render(resultOf(articles), 'en', cardMarkup)).toBe(render(resultOf(articles), 'en'));
  });
});
