// Every flow's chart reads in business words (docs/decisions/071): each state, event, call, rule
// and timer of the machine has its phrase in the four languages, and no phrase names what the
// machine no longer has.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languages } from '../core/i18n/languages';
import { loadFlows } from '../tests/helpers/flow-configs';
import { wordProblems, type FlowWords } from './flow-words';

const flows = await loadFlows();

async function wordsOf(folder: string): Promise<FlowWords | undefined> {
  const file = path.join(import.meta.dirname, folder, `${folder}.words.ts`);
  if (!existsSync(file)) return undefined;
  return ((await import(pathToFileURL(file).href)) as { words: FlowWords }).words;
}

describe('the flows read in business words', () => {
  it.each(flows.map((f) => [f.machine.id, f] as const))(
    '%s: every state, event, call, rule and timer has its words in pt, en, es and ru',
    async (_id, flow) => {
      const words = await wordsOf(flow.folder);
      expect(words, `machines/${flow.folder}/${flow.folder}.words.ts exports \`words\``).toBeDefined();
      expect(wordProblems(flow.machine, words!, languages)).toEqual([]);
      // A title that repeats the identifier is not a title.
      const echoes = Object.entries(words!.states).filter(([key, w]) => w.en.replace(/\s/g, '').toLowerCase() === key.split('.').at(-1)!.toLowerCase());
      expect(echoes.map(([key]) => key)).toEqual([]);
    },
  );
});
