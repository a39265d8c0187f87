import { Link, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { Language } from '../../../core/i18n/languages';
import { useTheme } from '../../queries/site-queries';
import { LayoutErrorBoundary } from './error-boundary';

interface Props {
  language: Language;
  onLanguageChange(language: Language): void;
}

/** The spec's bare layout: no main frame, just the brand and the page (login, errors, payment helpers). */
export function BareLayout({ language, onLanguageChange }: Props) {
  const theme = useTheme();
  const location = useLocation();
  return (
    <div className="bare-layout">
      <header className="bare-header">
        {/* The mark and a text name: on the dark backdrop the full logo's dark lettering would not read. */}
        <Link to="/pricing-table" className="brand brand-on-dark">
          {theme.data && (
            <>
              <img src={theme.data.images.mobileLogo} alt="" width={40} height={40} />
              <span>{theme.data.name}</span>
            </>
          )}
        </Link>
        <LanguageSwitcher value={language} available={theme.data?.langs ?? [language]} onChange={onLanguageChange} />
      </header>
      <main id="main" tabIndex={-1} className="bare-main">
        <LayoutErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </LayoutErrorBoundary>
      </main>
    </div>
  );
}
