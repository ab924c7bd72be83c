import { usePageContext, useT } from '../page-context';
import { PageHead } from '../components/page-head';
import { Section } from '../components/section';
import { useOwnerTextLang } from '../hooks/use-owner-text-lang';
import { releaseNotes } from '../site/release-notes';
import { owner } from '../site/owner';
import { buildMailto, siteConfig } from '../site/site-config';

export function AboutPage() {
  const t = useT();
  const ownerLang = useOwnerTextLang();
  const { siteUrl, version, components, about } = usePageContext();
  return (
    <article className="about" aria-labelledby="about-heading">
      <PageHead title={t('ABOUT.TITLE')} description={t('ABOUT.DESCRIPTION')} />
      <h1 id="about-heading" className="h2 mb-4">
        {t('ABOUT.HEADING')}
      </h1>

      {about && (
        <Section id="about-owner" title={t('ABOUT.OWNER')} className="mb-4" headingClassName="h4">
          {/* Sanitised on the server from the owner's Markdown (server/owner/about-text.ts). */}
          <div className="about-owner" lang={about.lang} data-testid="about-owner" dangerouslySetInnerHTML={{ __html: about.html }} />
        </Section>
      )}

      <Section id="about-info" title={t('ABOUT.INFO')} className="mb-4" headingClassName="h4">
        <div className="table-responsive">
          <table className="table table-sm about-info" data-testid="about-info">
            <tbody>
              <tr>
                <th scope="row">{t('ABOUT.SITE_NAME')}</th>
                <td lang={ownerLang}>{owner.siteName}</td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.HOME_URL')}</th>
                <td>
                  <a className="link-shows-url" href={siteUrl}>
                    {siteUrl}
                  </a>
                </td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.VERSION')}</th>
                <td>{version}</td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.CONTACT')}</th>
                <td>
                  <a href={buildMailto()}>{owner.email}</a>
                </td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.DESCRIPTION_LABEL')}</th>
                <td>
                  <p className="mb-1">{t('ABOUT.SITE_DESCRIPTION', { year: owner.siteSince })}</p>
                  <p className="mb-0">{t('ABOUT.REPORT_NOTE')}</p>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </Section>

      <div className="row g-4 mb-4">
        <Section id="about-browsers" title={t('ABOUT.BROWSERS')} className="col-md-6" headingClassName="h4">
          <ul data-testid="tested-browsers">
            {siteConfig.testedBrowsers.map((browser) => (
              <li key={browser} lang={ownerLang}>
                {browser}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="about-components" title={t('ABOUT.COMPONENTS')} className="col-md-6" headingClassName="h4">
          <table className="table table-sm" data-testid="components">
            <thead>
              <tr>
                <th scope="col">{t('ABOUT.COMPONENT')}</th>
                <th scope="col">{t('ABOUT.VERSION')}</th>
              </tr>
            </thead>
            <tbody>
              {components.map((component) => (
                <tr key={component.name}>
                  <td>{component.name}</td>
                  <td>{component.version}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>

      <Section id="about-releases" title={t('ABOUT.RELEASE_NOTES')} headingClassName="h4">
        <div className="table-responsive">
          <table className="table table-sm table-striped" data-testid="release-notes">
            <thead>
              <tr>
                <th scope="col">{t('ABOUT.VERSION')}</th>
                <th scope="col">{t('ABOUT.DATE')}</th>
                <th scope="col">{t('ABOUT.CHANGES')}</th>
              </tr>
            </thead>
            <tbody>
              {releaseNotes.map((note) => (
                <tr key={note.version}>
                  <td>{note.version}</td>
                  <td>{note.date}</td>
                  <td lang={ownerLang}>{note.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </article>
  );
}
