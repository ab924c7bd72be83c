// Links between the site's pages. Pages are server HTML that the browser never hydrates (decision 019),
// so a link is a plain <a> in the page's language: React Router's <Link> resolved each path against the
// route tree on every render, for client-side navigation that never happens (5 % of a page render).
import type { AnchorHTMLAttributes } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageContext } from '../page-context';
import { localizePath } from '../paths';

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A site path as in `paths`, without the language prefix. */
  to: string;
};

export function SiteLink({ to, ...anchor }: SiteLinkProps) {
  const { lang } = usePageContext();
  return <a {...anchor} href={localizePath(to, lang)} />;
}

/** A menu link, marked as the current page (aria-current and .active) at its path, or below it unless `end`. */
export function SiteNavLink({ to, end = false, className, ...anchor }: SiteLinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const current = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return <SiteLink {...anchor} to={to} className={current ? `${className ?? ''} active`.trim() : className} aria-current={current ? 'page' : undefined} />;
}
