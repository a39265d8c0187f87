import { useEffect } from 'react';
import { useTheme } from '../queries/site-queries';

/** Translated page titles (spec section 2), after the brand name from the server's theme. */
export function usePageTitle(title: string) {
  const theme = useTheme();
  const brand = theme.data?.name;
  useEffect(() => {
    document.title = brand ? `${title} · ${brand}` : title;
  }, [title, brand]);
}
