// Links between the pages of a paged list (the search results, a tag's articles): plain links, so
// every page has a URL that shares and works without JavaScript.

export interface PaginationLabels {
  pages: string;
  previousPage: string;
  nextPage: string;
  /** With {{page}} and {{pages}}. */
  pageOf: string;
}

export function Pagination({ page, pages, hrefOf, labels }: { page: number; pages: number; hrefOf: (page: number) => string; labels: PaginationLabels }) {
  if (pages <= 1) return null;
  const step = (target: number, rel: 'prev' | 'next', text: string, enabled: boolean) => (
    <li className={`page-item${enabled ? '' : ' disabled'}`}>
      {enabled ? (
        <a className="page-link" rel={rel} href={hrefOf(target)}>
          {text}
        </a>
      ) : (
        <span className="page-link">{text}</span>
      )}
    </li>
  );
  return (
    <nav aria-label={labels.pages} data-testid="pagination">
      <ul className="pagination">
        {step(page - 1, 'prev', labels.previousPage, page > 1)}
        <li className="page-item active" aria-current="page">
          <span className="page-link">{labels.pageOf.replace('{{page}}', String(page)).replace('{{pages}}', String(pages))}</span>
        </li>
        {step(page + 1, 'next', labels.nextPage, page < pages)}
      </ul>
    </nav>
  );
}
