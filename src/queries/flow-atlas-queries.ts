import type { AnyStateMachine } from 'xstate';
import { useQuery } from './use-query';

// The flow atlas's reads (docs/decisions/035): the machines and their committed drawings, loaded
// as files of the build (`npm run flows` draws them), only when /flows is opened.
const loaders = import.meta.glob<Record<string, unknown>>('../../machines/*/*.machine.ts');
const drawings = import.meta.glob<string>('../../docs/flows/*.svg', { query: '?raw', import: 'default' });

async function loadMachines(): Promise<AnyStateMachine[]> {
  const modules = await Promise.all(Object.values(loaders).map((load) => load()));
  return modules
    .flatMap((mod) => Object.values(mod))
    .filter((v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'transition' in v)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Every machine of machines/, by id. */
export const useFlowMachines = () => useQuery('flowMachines', () => loadMachines());

/** The drawing of one machine (an SVG's text), or '' when it has none. */
export const useFlowDrawing = (id: string) =>
  useQuery(`flowDrawing:${id}`, async () => {
    const load = Object.entries(drawings).find(([file]) => file.endsWith(`/${id}.svg`))?.[1];
    return load ? await load() : '';
  });
