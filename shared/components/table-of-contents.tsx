import { useId } from 'react';
import { useT } from '../app-context';
import type { TocEntry } from '../items/table-of-contents';

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ol className="toc-list">
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

/** The article's headings as nested links, numbered as the headings are; nothing when there are none. */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  const t = useT();
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <nav className="article-toc" aria-labelledby={headingId} data-testid="toc">
      <h2 id={headingId} className="h6 toc-title">
        {t('ARTICLE.TOC')}
      </h2>
      <TocList entries={entries} />
    </nav>
  );
}
