import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { LayoutContext } from '../../components/layout-context';
import { SessionMenu } from '../../components/session-menu';
import type { Language } from '../../../core/i18n/languages';
import { useSiteConfig, useTheme } from '../../queries/site-queries';
import { LayoutErrorBoundary } from './error-boundary';

const m = defineMessages({
  skip: { id: 'layout.skipToContent', defaultMessage: 'Skip to content', description: 'Keyboard link that jumps past the header' },
  plans: { id: 'nav.plans', defaultMessage: 'Plans', description: 'Main navigation: the pricing table' },
  help: { id: 'nav.help', defaultMessage: 'Help', description: 'Main navigation: help and contact' },
  privacy: { id: 'nav.privacy', defaultMessage: 'Privacy policy', description: 'Footer link to the privacy policy' },
  home: { id: 'nav.home', defaultMessage: 'Home', description: 'Accessible name of the logo link' },
  mainNav: { id: 'nav.main', defaultMessage: 'Main', description: 'Accessible name of the main navigation' },
  needHelp: { id: 'layout.needHelp', defaultMessage: 'Need help?', description: 'Floating link to the support chat' },
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

  // Spec section 2: on navigation the main scroll area scrolls to the top.
  useEffect(() => {
    main.current?.scrollTo?.({ top: 0 });
    window.scrollTo?.({ top: 0 });
  }, [location.pathname]);

  const brand = theme.data?.name ?? '';
  const chatUrl = config.data?.webConf.needHelpUrl;
  return (
    <div className="main-layout">
      <a className="skip-link" href="#main">
        {intl.formatMessage(m.skip)}
      </a>
      <header className="site-header">
        <Link to="/pricing-table" className="brand" aria-label={`${brand} – ${intl.formatMessage(m.home)}`}>
          {theme.data && <img src={theme.data.images.logo} alt="" width={168} height={40} />}
        </Link>
        <nav aria-label={intl.formatMessage(m.mainNav)} className="site-nav">
          <NavLink to="/pricing-table">{intl.formatMessage(m.plans)}</NavLink>
          <NavLink to="/help">{intl.formatMessage(m.help)}</NavLink>
        </nav>
        <LanguageSwitcher value={language} available={theme.data?.langs ?? [language]} onChange={onLanguageChange} />
        <SessionMenu />
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
        <Link to="/privacy">{intl.formatMessage(m.privacy)}</Link>
      </footer>
      {chatUrl && (
        // Spec section 1: the floating Need Help link, only for the brand configured with a chat.
        <a className="need-help" href={chatUrl} target="_blank" rel="noopener noreferrer">
          {intl.formatMessage(m.needHelp)}
        </a>
      )}
    </div>
  );
}
