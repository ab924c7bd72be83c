import { usePageContext, useT } from '../page-context';
import { useOwnerTextLang } from '../hooks/use-owner-text-lang';
import { getSiteYear, siteConfig } from '../site/site-config';

export function Footer() {
  const t = useT();
  const { siteUrl, version, now } = usePageContext();
  const ownerLang = useOwnerTextLang();
  return (
    <footer className="site-footer border-top mt-5 py-4">
      <div className="container-lg small d-flex flex-wrap justify-content-between gap-2">
        <div lang={ownerLang}>
          <span className="fw-semibold">{siteConfig.author}</span> — {siteConfig.jobTitle}
          <br />
          <span>{siteConfig.address}</span>
        </div>
        <div className="text-md-end">
          <a href={siteUrl}>{siteUrl}</a>
          <br />
          <span>{t('SHELL.FOOTER_VERSION', { version })}</span> ·{' '}
          <span>{t('SHELL.FOOTER_COPYRIGHT', { from: siteConfig.inceptionYear, to: getSiteYear(now), author: siteConfig.author })}</span>
        </div>
      </div>
    </footer>
  );
}
