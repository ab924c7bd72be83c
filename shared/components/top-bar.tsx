import { SiteLink, SiteNavLink } from './site-link';
import { usePageContext, useT } from '../page-context';
import { Island } from '../islands/island';
import { MAIN_CONTENT_ID, paths } from '../paths';
import { owner } from '../site/owner';
import { siteConfig } from '../site/site-config';
import { LanguageSwitch } from './language-switch';
import { ThemeSelectorIsland } from './theme-selector';

const navItems = [
  { to: paths.cv, label: 'MENU.CV' },
  { to: paths.articles, label: 'MENU.ARTICLES' },
  { to: paths.about, label: 'MENU.ABOUT' },
] as const;

export function TopBar() {
  const t = useT();
  const { siteUrl } = usePageContext();
  const { action, queryParam, siteParam } = siteConfig.webSearch;
  return (
    <header className="top-bar border-bottom">
      <a className="visually-hidden-focusable skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('SHELL.SKIP_TO_CONTENT')}
      </a>
      <nav className="navbar navbar-expand py-2" aria-label={t('SHELL.MAIN_NAV')}>
        <div className="container-lg flex-wrap gap-2">
          <SiteLink className="navbar-brand fw-semibold me-2" to={paths.cv} aria-label={t('SHELL.HOME_LINK_LABEL', { name: owner.name })}>
            <span aria-hidden="true" className="brand-mark">
              {owner.initials}
            </span>{' '}
            {owner.name}
          </SiteLink>
          <ul className="navbar-nav flex-row gap-1 me-auto">
            {navItems.map((item) => (
              <li className="nav-item" key={item.to}>
                <SiteNavLink
                  className="nav-link px-2"
                  to={item.to}
                  end={item.to !== paths.articles}
                  data-keeps-filter={item.to === paths.articles ? '' : undefined}
                >
                  {t(item.label)}
                </SiteNavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitch />
          <ThemeSelectorIsland />
          {/* A plain GET form: the external engine searches this host only, with or without JavaScript. */}
          <Island
            name="site-search"
            props={{
              action,
              queryParam,
              siteParam,
              host: new URL(siteUrl).host,
              label: t('SHELL.SEARCH_LABEL'),
              placeholder: t('SHELL.SEARCH_PLACEHOLDER'),
              submit: t('SHELL.SEARCH_SUBMIT'),
            }}
          />
        </div>
      </nav>
    </header>
  );
}
