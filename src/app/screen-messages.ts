import type { Messages } from './messages';

/**
 * The lazily loaded screens' messages in the languages other than the default, loaded when one
 * of them is first used (src/app/messages.ts): their 75 loaders cost the entry about 1.3 kB gzip
 * (docs/decisions/062, amended).
 */
export const otherLanguageScreens = import.meta.glob<Messages>(['../i18n/compiled/screens/*.json', '!../i18n/compiled/screens/*.pt.json'], {
  import: 'default',
});
