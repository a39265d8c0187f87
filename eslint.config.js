import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const screenFolders = readdirSync('src/screens', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const layer = (target, from, message) => ({ target, from, message });

/** Who may import whom (docs/decisions/038); each zone forbids `target` to import `from`. */
const importZones = [
  layer('./core', ['./machines', './src', './server', './scripts'], 'core/ is shared by everyone and depends on no one.'),
  layer('./machines', ['./src', './server', './scripts'], 'A machine depends on core/ only: the app provides what it needs.'),
  layer('./server', ['./src', './machines', './scripts'], 'The server depends on core/ only, never on the web app.'),
  layer('./scripts', ['./src'], 'Scripts read the web app as files, never import it.'),
  layer('./src/queries', ['./src/screens', './src/components', './src/app'], 'Queries sit below the views.'),
  layer('./src/components', ['./src/screens', './src/app'], 'Components are shared by screens: they import no screen.'),
  layer('./src/screens', ['./src/app'], 'The app composes the screens, not the other way round.'),
  ...screenFolders.map((name) => ({
    target: `./src/screens/${name}`,
    from: './src/screens',
    except: [`./${name}`],
    message: "No screen imports another: move the shared part to src/components or the flow's folder.",
  })),
];

const noReact = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react-*', '@xstate/react', '@testing-library/*'],
      message: 'Keep this layer framework-free: React lives in src/app, src/screens and src/components.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'openapi/schema.d.ts', 'src/i18n/compiled/**', 'test-results/**', 'playwright-report/**', '.data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Every text a user sees is a react-intl message in four languages (spec section 9): messages that can
  // be extracted and translated. Literal words in JSX are caught by src/i18n/no-hardcoded-text.test.ts,
  // which, unlike formatjs/no-literal-string-in-jsx, lets punctuation and numbers (·, −, 404) be.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-description': ['error', 'literal'],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/no-multiple-whitespaces': 'error',
    },
  },
  // One house, one direction (docs/decisions/038): core <- machines <- src (screens <- app), and
  // core <- server. Tests may reach across (a model walk starts the real server); code may not.
  {
    files: ['core/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
    },
  },
  { files: ['core/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', noReact] } },
  // A screen never calls the API: views (screens, components, the app's layouts and guards) hold no
  // client. The queries layer alone reaches it (src/queries/query-services.ts), and useQuery and
  // useMutation hand it to their fetcher, so a view uses the named hooks of src/queries instead.
  {
    files: ['src/screens/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/app/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client', 'openapi-fetch', '**/queries/query-services', '**/queries/use-query', '**/queries/use-mutation'],
              message: 'A screen never calls the API: read a selector or a src/queries hook, and send events.',
            },
          ],
        },
      ],
      // Nor around the client: a raw request skips the contract's types, the headers and the error rules.
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'].map((name) => ({
          name,
          message: 'A screen never calls the API: read a selector or a src/queries hook, and send events.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'A screen never calls the API: read a selector or a src/queries hook, and send events.',
        })),
      ],
    },
  },
  // A file a reader takes in at once (docs/decisions/038); data tables are exempt.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['core/i18n/error-messages.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Markup reaches the page only through SafeHtml, which runs it through DOMPurify first: the
  // token in local storage (spec section 3) is one injected script away (docs/decisions/031).
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.{ts,tsx}'],
    ignores: ['src/components/safe-html.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render markup with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
        {
          selector: "Property[key.name='dangerouslySetInnerHTML']",
          message: 'Render markup with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
        {
          selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Render markup with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/][callee.object.name='document'], CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'Render markup with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', 'tests/**/*.ts', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
