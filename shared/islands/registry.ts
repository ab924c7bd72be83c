// Every island by name: the server renders them, client/islands.tsx hydrates them.
import { ArticleSearch } from './article-search';
import { CodeCopyButtons } from './code-copy-buttons';
import { PrintButton } from './print-button';
import { SiteSearch } from './site-search';
import { ThemeSelector } from './theme-selector';

export const ISLANDS = {
  'theme-selector': ThemeSelector,
  'site-search': SiteSearch,
  'article-search': ArticleSearch,
  'code-copy': CodeCopyButtons,
  'print-button': PrintButton,
} as const;

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/** useId's prefix in an island: unique on the page, the same on both sides. */
export function islandIdPrefix(name: IslandName): string {
  return `${name}-`;
}
