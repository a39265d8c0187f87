import type { AnyStateMachine } from 'xstate';
import { useQuery } from './use-query';

// The flow atlas's reads (docs/decisions/035): the machines and their committed drawings, loaded
// as files of the build (`npm run flows` draws them), only when /flows is opened.
const loaders = import.meta.glob<Record<string, unknown>>('../../machines/*/*.machine.ts');
// English beside the README, the others in docs/flows/<language>/ (docs/decisions/039).
const drawings = import.meta.glob<string>(['../../docs/flows/*.svg', '../../docs/flows/*/*.svg'], { query: '?raw', import: 'default' });

async function loadMachines(): Promise<AnyStateMachine[]> {
  const modules = await Promise.all(Object.values(loaders).map((load) => load()));
  return modules
    .flatMap((mod) => Object.values(mod))
    .filter((v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'transition' in v)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Every machine of machines/, by id. */
export const useFlowMachines = () => useQuery('flowMachines', () => loadMachines());

/**
 * The drawing of one machine (an SVG's text) with the customer's messages in `language` (English
 * when it has no drawing in that language), or '' when it has none.
 */
export const useFlowDrawing = (id: string, language: string) =>
  useQuery(`flowDrawing:${language}:${id}`, async () => {
    const wanted = [`/docs/flows/${language}/${id}.svg`, `/docs/flows/${id}.svg`];
    const load = wanted.map((end) => Object.entries(drawings).find(([file]) => file.endsWith(end))?.[1]).find(Boolean);
    return load ? await load() : '';
  });
