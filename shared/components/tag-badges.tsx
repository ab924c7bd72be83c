import type { Lang } from '../i18n/langs';
import { localizePath, paths } from '../paths';

/** Each tag links to its tag page. Plain links: also rendered inside the search island. */
export function TagBadges({ tags, label, lang }: { tags: string[]; label: string; lang: Lang }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-badges list-inline mb-2" aria-label={label}>
      {tags.map((tag) => (
        <li className="list-inline-item me-1" key={tag}>
          <a className="badge tag-badge" href={localizePath(paths.tag(tag), lang)}>
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );
}
