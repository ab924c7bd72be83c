import { useT } from '../app-context';

export function TagBadges({ tags }: { tags: string[] }) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul className="tag-badges list-inline mb-2" aria-label={t('ARTICLE_LIST.TAGS')}>
      {tags.map((tag) => (
        <li className="list-inline-item me-1" key={tag}>
          <span className="badge tag-badge">{tag}</span>
        </li>
      ))}
    </ul>
  );
}
