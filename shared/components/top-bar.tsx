import { SiteLink, SiteNavLink } from './site-link';
import { usePageContext, useT } from '../page-context';
import { Island } from '../islands/island';
import { MAIN_CONTENT_ID, SITE_MENU_ID, paths } from '../paths';
import { owner } from '../site/owner';
import { siteConfig } from '../site/site-config';
import { LanguageSwitch } from './language-switch';
import { ThemeSelectorIsland } from './theme-selector';

const navItems = [
  { to: paths.cv, label: 'MENU.CV' },
  { to: paths.articles, label: 'MENU.ARTICLES' },
  { to: paths.about, label: 'MENU.ABOUT' },
] as const;

/**
 * One row: the site name, then the menu. From Bootstrap's md breakpoint the menu lays out inline; below
 * it, it is a popover behind a button, which the browser opens, closes on Escape or a tap outside and
 * announces as expanded or collapsed, with or without JavaScript (decision 053).
 */
export function TopBar() {
  const t = useT();
  return (
    <header className="top-bar border-bottom">
      <a className="visually-hidden-focusable skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('SHELL.SKIP_TO_CONTENT')}
      </a>
      <nav className="navbar py-2" aria-label={t('SHELL.MAIN_NAV')}>
        <div className="container-lg top-bar-row">
          <SiteLink className="navbar-brand fw-semibold me-2" to={paths.cv} aria-label={t('SHELL.HOME_LINK_LABEL', { name: owner.name })}>
            <span aria-hidden="true" className="brand-mark">
              {owner.initials}
            </span>{' '}
            <span className="brand-name">{owner.name}</span>
          </SiteLink>
          <button type="button" className="btn btn-sm btn-outline-accent menu-button" popoverTarget={SITE_MENU_ID} data-testid="menu-button">
            <MenuIcon />
            {t('SHELL.MENU_BUTTON')}
          </button>
          <div id={SITE_MENU_ID} className="site-menu" popover="auto" data-testid="site-menu">
            <ul className="navbar-nav site-menu-links">
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
            <div className="site-menu-controls">
              <LanguageSwitch />
              <ThemeSelectorIsland />
            </div>
            <SiteSearchIsland />
          </div>
        </div>
      </nav>
    </header>
  );
}

/** A plain GET form: the external engine searches this host only, with or without JavaScript. */
function SiteSearchIsland() {
  const t = useT();
  const { siteUrl } = usePageContext();
  const { action, queryParam, siteParam } = siteConfig.webSearch;
  return (
    <Island
      name="site-search"
      props={{
        action,
        queryParam,
        siteParam,
        host: new URL(siteUrl).host,
        label: t('SHELL.SEARCH_LABEL'),
        placeholder: t('SHELL.SEARCH_PLACEHOLDER'),
        shortcut: t('SHELL.SEARCH_SHORTCUT'),
        submit: t('SHELL.SEARCH_SUBMIT'),
      }}
    />
  );
}

/** Three bars; the button's text names it, so the drawing is hidden from assistive technologies. */
function MenuIcon() {
  return (
    <svg className="menu-icon" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
