// Title, description and canonical link of a page; React 19 hoists them into <head> (see docs/decisions/002).
import { useLocation } from 'react-router-dom';
import { useAppData, useT } from '../app-context';

/** SITE_URL + path, without a trailing slash except for the root. */
export function buildCanonicalUrl(siteUrl: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '';
  return siteUrl.replace(/\/+$/, '') + (path || '/');
}

export function PageHead({ title, description }: { title: string; description: string }) {
  const { siteUrl } = useAppData();
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <title>{title + t('SITE.TITLE_SUFFIX')}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={buildCanonicalUrl(siteUrl, pathname)} />
    </>
  );
}
