import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { LayoutContext } from '../../components/layout-context';
import { SessionMenu } from '../../components/session-menu';
import { hashTarget } from '../../components/use-scroll-to-hash';
import type { Language } from '../../../core/i18n/languages';
import { useSiteConfig, useTheme } from '../../queries/site-queries';
import { LayoutErrorBoundary } from './error-boundary';

const m = defineMessages({
  skip: { id: 'layout.skipToContent', defaultMessage: 'Skip to content', description: 'Keyboard link that jumps past the header' },
  plans: { id: 'nav.plans', defaultMessage: 'Plans', description: 'Main navigation: the pricing table' },
  help: { id: 'nav.help', defaultMessage: 'Help', description: 'Main navigation: help and contact' },
  privacy: { id: 'nav.privacy', defaultMessage: 'Privacy policy', description: 'Footer link to the privacy policy' },
  terms: { id: 'nav.terms', defaultMessage: 'Terms of use', description: 'Footer link to the terms of use' },
  home: { id: 'nav.home', defaultMessage: 'Home', description: 'Accessible name of the logo link' },
  mainNav: { id: 'nav.main', defaultMessage: 'Main', description: 'Accessible name of the main navigation' },
  menu: {
    id: 'nav.menu',
    defaultMessage: 'Site menu',
    description: 'Accessible name of the header button that opens the navigation, language and account links on narrow screens',
  },
  needHelp: {
    id: 'layout.needHelp',
    defaultMessage: 'Need help?',
    description: 'Link to the support chat (floating on wide screens, in the footer on narrow ones)',
  },
});

interface Props {
  language: Language;
  onLanguageChange(language: Language): void;
}

export function MainLayout({ language, onLanguageChange }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const config = useSiteConfig();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  // Spec section 2: on navigation the main scroll area scrolls to the top; unless the address
  // names a section the new page already shows (/terms#refunds with the terms read before): the
  // page has just brought it into view (useScrollToHash, docs/decisions/051).
  useEffect(() => {
    if (hashTarget(location.hash)) return;
    main.current?.scrollTo?.({ top: 0 });
    window.scrollTo?.({ top: 0 });
    // The hash is read, not watched: a new fragment on the same page is the page's to scroll to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  // A link chosen in the menu has done its work: the new page is not hidden under it.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // A press anywhere outside the header closes the menu too, as a tap beside a phone's menu does.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  // Escape closes the menu and gives focus back to its button (WAI-ARIA disclosure pattern), unless
  // it is the remote's Back leaving a select it was choosing in (docs/decisions/024).
  const onHeaderKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen || (event.target as Element).closest('[data-remote-choosing]')) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const brand = theme.data?.name ?? '';
  const chatUrl = config.data?.webConf.needHelpUrl;
  const needHelp = intl.formatMessage(m.needHelp);
  return (
    <div className="main-layout">
      <a className="skip-link" href="#main">
        {intl.formatMessage(m.skip)}
      </a>
      {/* Below 1200 px the header is one row, the brand and a menu button (docs/decisions/045). */}
      <header ref={header} className="site-header" onKeyDown={onHeaderKey}>
        <Link to="/pricing-table" className="brand" aria-label={`${brand} – ${intl.formatMessage(m.home)}`}>
          {theme.data && <img src={theme.data.images.logo} alt="" width={168} height={40} />}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage(m.menu)}</span>
        </button>
        <div id="site-menu" className="site-menu" data-open={menuOpen}>
          <nav aria-label={intl.formatMessage(m.mainNav)} className="site-nav">
            <NavLink to="/pricing-table">{intl.formatMessage(m.plans)}</NavLink>
            <NavLink to="/help">{intl.formatMessage(m.help)}</NavLink>
          </nav>
          <LanguageSwitcher value={language} available={theme.data?.langs ?? [language]} onChange={onLanguageChange} />
          <SessionMenu />
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <LayoutErrorBoundary resetKey={location.pathname}>
          <Outlet context={{ language, onLanguageChange } satisfies LayoutContext} />
        </LayoutErrorBoundary>
      </main>
      <footer className="site-footer">
        <span>
          © {new Date().getFullYear()} {brand}
        </span>
        {chatUrl && (
          // Spec section 1: the Need Help link, only for the brand configured with a chat. It floats
          // only where the page has a margin to float in; elsewhere it sits here (docs/decisions/045).
          <a className="need-help" href={chatUrl} target="_blank" rel="noopener noreferrer" title={needHelp}>
            <svg className="need-help-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span>{needHelp}</span>
          </a>
        )}
        <span className="footer-links">
          <Link to="/privacy">{intl.formatMessage(m.privacy)}</Link>
          <Link to="/terms">{intl.formatMessage(m.terms)}</Link>
        </span>
      </footer>
    </div>
  );
}
