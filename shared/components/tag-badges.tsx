import { Link } from 'react-router-dom';
import { useT } from '../app-context';
import { paths } from '../paths';

/** Each tag links to the list filtered by it (/articles?f=<tag>). */
export function TagBadges({ tags }: { tags: string[] }) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul className="tag-badges list-inline mb-2" aria-label={t('ARTICLE_LIST.TAGS')}>
      {tags.map((tag) => (
        <li className="list-inline-item me-1" key={tag}>
          <Link className="badge tag-badge" to={paths.articleSearch(tag)}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
