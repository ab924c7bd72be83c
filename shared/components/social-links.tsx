import { owner } from '../site/owner';

/** The owner's profiles elsewhere; rel="me" lets Mastodon and IndieWeb tools verify the site is theirs. */
export function SocialLinks({ className }: { className?: string }) {
  if (owner.social.length === 0) return null;
  return (
    <ul className={`social-links list-inline mb-0 ${className ?? ''}`} data-testid="social-links">
      {owner.social.map((link) => (
        <li className="list-inline-item" key={link.url}>
          <a href={link.url} rel="me">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
