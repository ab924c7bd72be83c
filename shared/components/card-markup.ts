// The server's shortcut for the list's cards (decision 085): the markup of a card is the same for every
// search that shows it, so the server keeps it and React renders one list element instead of a
// few hundred. The browser provides nothing and renders the cards (the live search's portal).
import { createContext } from 'react';
import type { Lang } from '../i18n/langs';
import type { ArticleSummary } from '../items/types';

/** ArticleCard's props. */
export interface CardProps {
  article: ArticleSummary;
  lang: Lang;
  tagsLabel: string;
  snippet?: string | undefined;
}

/** A card's HTML: the same markup as ArticleCard rendered with these props. */
export type CardMarkup = (card: CardProps) => string;

export const CardMarkupContext = createContext<CardMarkup | null>(null);
