import { useOutletContext } from 'react-router-dom';
import type { Language } from '../../core/i18n/languages';

/** What the main layout hands its pages: the page language and the way to change it. */
export interface LayoutContext {
  language: Language;
  onLanguageChange(language: Language): void;
}

export const useLayoutContext = () => useOutletContext<LayoutContext>();
