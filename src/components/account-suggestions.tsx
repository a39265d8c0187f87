import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import { useIntl } from 'react-intl';
import { useAreaCodes, useSiteConfig } from '../queries/site-queries';

/**
 * What the site's configuration offers under the account fields (spec section 3, siteConfig.login):
 * the email domains to complete an address with, and the countries of the area-code picker. Both
 * are `<datalist>`s: the browser shows them as suggestions, and what the user types still counts.
 */
export function useAccountSuggestions(id: string, account: string) {
  const intl = useIntl();
  const config = useSiteConfig();
  const login = config.data?.login;
  const codes = useAreaCodes(languageOfTag(intl.locale) ?? defaultLanguage, login?.areaCode === true);
  const local = account.split('@')[0]?.trim() ?? '';
  // Addresses only: once digits alone are typed it is a phone number.
  const emails = login && local && !/^[+\d\s-]+$/.test(local) ? login.emailSuffix.map((host) => `${local}@${host}`) : [];
  const areaCodes = codes.status === 'success' ? codes.data : [];
  return {
    emailList: emails.length > 0 ? `${id}-emails` : undefined,
    areaCodeList: areaCodes.length > 0 ? `${id}-area-codes` : undefined,
    lists: (
      <>
        {emails.length > 0 && (
          <datalist id={`${id}-emails`}>
            {emails.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
        )}
        {areaCodes.length > 0 && (
          <datalist id={`${id}-area-codes`}>
            {areaCodes.map((c) => (
              <option key={c.country} value={c.areaCode} label={`${c.name} (+${c.areaCode})`} />
            ))}
          </datalist>
        )}
      </>
    ),
  };
}
