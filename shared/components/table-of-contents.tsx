import { useId } from 'react';
import { usePageContext, useT } from '../page-context';
import type { TocEntry } from '../items/table-of-contents';

function TocList({ entries, lang }: { entries: TocEntry[]; lang?: string }) {
  return (
    <ol className="toc-list" lang={lang}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>
            <span className="toc-number">{entry.number}</span> {entry.text}
          </a>
          {entry.children.length > 0 && <TocList entries={entry.children} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * The article's headings as nested links, numbered as the headings are; nothing when there are none.
 * The title speaks the interface language, the entries the article's (`contentLang`).
 */
export function TableOfContents({ entries, contentLang }: { entries: TocEntry[]; contentLang: string }) {
  const t = useT();
  const { lang } = usePageContext();
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <nav className="article-toc" aria-labelledby={headingId} lang={lang} data-testid="toc">
      <h2 id={headingId} className="h6 toc-title">
        {t('ARTICLE.TOC')}
      </h2>
      <TocList entries={entries} lang={contentLang === lang ? undefined : contentLang} />
    </nav>
  );
}
