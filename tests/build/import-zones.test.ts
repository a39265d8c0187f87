/**
 * The house's import rules (docs/decisions/038) hold because `npm run lint` fails on each breach.
 * Each case lints a few lines as if they were written in a file of the project, through the
 * project's own ESLint configuration, and expects the named rule to fail them.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('import rules', () => {
  it('refuses a screen importing the API client', async () => {
    const code = "import { createApi } from '../../../core/api/client';\nexport const api = createApi;\n";
    expect(await rulesBroken('src/screens/pricing/fixture.tsx', code)).toContain('no-restricted-imports');
  });

  it('refuses a view reaching the client through the queries layer: its accessor, or a fetcher of its own', async () => {
    const accessor = "import { useQueryServices } from '../queries/query-services';\nexport const s = useQueryServices;\n";
    expect(await rulesBroken('src/components/fixture.tsx', accessor)).toContain('no-restricted-imports');
    const fetcher = "import { useQuery } from '../../queries/use-query';\nexport const q = useQuery;\n";
    expect(await rulesBroken('src/app/layouts/fixture.tsx', fetcher)).toContain('no-restricted-imports');
  });

  it('refuses a view calling the network around the client: fetch, window.fetch, XMLHttpRequest', async () => {
    const raw = "export const load = () => fetch('/api/plan/list/v1', { method: 'POST' });\n";
    expect(await rulesBroken('src/screens/pricing/fixture.tsx', raw)).toContain('no-restricted-globals');
    const viaWindow = "export const load = () => window.fetch('/api/plan/list/v1');\n";
    expect(await rulesBroken('src/components/fixture.tsx', viaWindow)).toContain('no-restricted-properties');
    const xhr = 'export const request = new XMLHttpRequest();\n';
    expect(await rulesBroken('src/app/layouts/fixture.tsx', xhr)).toContain('no-restricted-globals');
  });

  it('refuses the server importing the web app', async () => {
    const code = "import { routedPaths } from '../../src/app/router';\nexport const paths = routedPaths;\n";
    expect(await rulesBroken('server/routes/fixture.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a machine importing the server, and core importing a machine', async () => {
    expect(await rulesBroken('machines/login/fixture.ts', "import { systemClock } from '../../server/clock';\nexport const c = systemClock;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await rulesBroken('core/api/fixture.ts', "import { loginMachine } from '../../machines/login/login.machine';\nexport const m = loginMachine;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses one screen importing another', async () => {
    const code = "import { PricingTableScreen } from '../pricing/pricing-table-screen';\nexport const S = PricingTableScreen;\n";
    expect(await rulesBroken('src/screens/plan-details/fixture.tsx', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a cycle', async () => {
    // core/session/session-cache.ts imports ./store: the store importing it back closes a cycle.
    const code = "import { createSessionCache } from './session-cache';\nexport const cache = createSessionCache;\n";
    expect(await rulesBroken('core/session/store.ts', code)).toContain('import-x/no-cycle');
  });

  it('lets the allowed directions through', async () => {
    const code = "import { languages } from '../../core/i18n/languages';\nexport const all = languages;\n";
    expect(await rulesBroken('server/routes/fixture.ts', code)).toEqual([]);
  });
});
