import { defineMessages, useIntl } from 'react-intl';
import { languages, type Language } from '../../core/i18n/languages';

const m = defineMessages({
  label: { id: 'language.label', defaultMessage: 'Language', description: 'Label of the language picker' },
});

// Each language is named in itself, so a reader of any language can find their own.
export const nativeNames: Record<Language, string> = { pt: 'Português', en: 'English', es: 'Español', ru: 'Русский' };

interface Props {
  value: Language;
  available: readonly Language[];
  onChange(language: Language): void;
}

export function LanguageSwitcher({ value, available, onChange }: Props) {
  const intl = useIntl();
  const options = languages.filter((l) => available.includes(l));
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{intl.formatMessage(m.label)}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as Language)} aria-label={intl.formatMessage(m.label)}>
        {options.map((l) => (
          <option key={l} value={l} lang={l}>
            {nativeNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
