import { useAppData, useT } from '../app-context';
import { PageHead } from '../components/page-head';
import { releaseNotes } from '../site/release-notes';
import { buildMailto, siteConfig } from '../site/site-config';

export function AboutPage() {
  const t = useT();
  const { siteUrl, version, components } = useAppData();
  return (
    <article className="about" aria-labelledby="about-heading">
      <PageHead title={t('ABOUT.TITLE')} description={t('ABOUT.DESCRIPTION')} />
      <h1 id="about-heading" className="h2 mb-4">
        {t('ABOUT.HEADING')}
      </h1>

      <section className="mb-4" aria-labelledby="about-info">
        <h2 id="about-info" className="h4">
          {t('ABOUT.INFO')}
        </h2>
        <div className="table-responsive">
          <table className="table table-sm about-info" data-testid="about-info">
            <tbody>
              <tr>
                <th scope="row">{t('ABOUT.SITE_NAME')}</th>
                <td>{siteConfig.siteName}</td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.HOME_URL')}</th>
                <td>
                  <a href={siteUrl}>{siteUrl}</a>
                </td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.VERSION')}</th>
                <td>{version}</td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.CONTACT')}</th>
                <td>
                  <a href={buildMailto()}>{siteConfig.email}</a>
                </td>
              </tr>
              <tr>
                <th scope="row">{t('ABOUT.DESCRIPTION_LABEL')}</th>
                <td>
                  <p className="mb-1">{t('ABOUT.SITE_DESCRIPTION', { year: siteConfig.inceptionYear })}</p>
                  <p className="mb-0">{t('ABOUT.REPORT_NOTE')}</p>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <div className="row g-4 mb-4">
        <section className="col-md-6" aria-labelledby="about-browsers">
          <h2 id="about-browsers" className="h4">
            {t('ABOUT.BROWSERS')}
          </h2>
          <ul data-testid="tested-browsers">
            {siteConfig.testedBrowsers.map((browser) => (
              <li key={browser}>{browser}</li>
            ))}
          </ul>
        </section>
        <section className="col-md-6" aria-labelledby="about-components">
          <h2 id="about-components" className="h4">
            {t('ABOUT.COMPONENTS')}
          </h2>
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
        </section>
      </div>

      <section aria-labelledby="about-releases">
        <h2 id="about-releases" className="h4">
          {t('ABOUT.RELEASE_NOTES')}
        </h2>
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
                  <td>{note.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
