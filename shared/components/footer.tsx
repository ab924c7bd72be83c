import { usePageContext, useT } from '../page-context';
import { useOwnerTextLang } from '../hooks/use-owner-text-lang';
import { owner } from '../site/owner';
import { SocialLinks } from './social-links';
import { formatAddress, getSiteYear } from '../site/site-config';

export function Footer() {
  const t = useT();
  const { siteUrl, version, now } = usePageContext();
  const ownerLang = useOwnerTextLang();
  return (
    <footer className="site-footer border-top mt-5 py-4">
      <div className="container-lg small d-flex flex-wrap justify-content-between gap-2">
        <div lang={ownerLang}>
          <span className="fw-semibold">{owner.name}</span> — {owner.jobTitle}
          <br />
          <span>{formatAddress()}</span>
          <SocialLinks className="mt-1" />
        </div>
        <div className="text-md-end">
          <a href={siteUrl}>{siteUrl}</a>
          <br />
          <span>{t('SHELL.FOOTER_VERSION', { version })}</span> ·{' '}
          <span>{t('SHELL.FOOTER_COPYRIGHT', { from: owner.siteSince, to: getSiteYear(now), author: owner.name })}</span>
        </div>
      </div>
    </footer>
  );
}
