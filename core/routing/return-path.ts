/**
 * Where a successful login goes back to (docs/decisions/013): `?redirect=` when it is a path of
 * this site, else the page the router came from, else the pricing table. A full URL or a
 * protocol-relative `//host` is never followed, so a link cannot send a user elsewhere.
 */
export function returnPath(redirect: string | null, from: unknown): string {
  const sameSite = (p: unknown): p is string => typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\');
  if (sameSite(redirect)) return redirect;
  if (sameSite(from) && !from.startsWith('/login')) return from;
  return '/pricing-table';
}
