// The boleto's barcode as FEBRABAN prints it (docs/decisions/044): the 44-digit barcode number
// in Interleaved 2 of 5, 103 mm long and 13 mm high, narrow elements 1 and wide ones 3 units.
//
// The symbol's pattern (start, digit pairs, stop) comes from bwip-js, the maintained port of
// Barcode Writer in Pure PostScript; it draws wide elements 2 units, so they are widened to
// FEBRABAN's 3 here. bwip-js loads its whole symbol library (about 1 MB), so it is imported on
// the first slip, not at start.
import { createRequire } from 'node:module';
import type * as BwipJs from 'bwip-js/node';

/** FEBRABAN's narrow-to-wide ratio for the boleto's barcode. */
export const WIDE = 3;
/** 44 digits: start (4) + 22 pairs × 18 + stop (5) = 405 narrow units across 103 mm. */
export const BOLETO_BARCODE_MM = { width: 103, height: 13 } as const;

type Bwip = typeof BwipJs;
let bwip: Bwip | undefined;
// The CommonJS build, loaded by require so that it is read only when a slip is first drawn.
const load = (): Bwip => (bwip ??= createRequire(import.meta.url)('bwip-js/node') as Bwip);

/**
 * The bars and spaces of `digits` in Interleaved 2 of 5, left to right, starting with a bar, in
 * narrow units (1 narrow, `WIDE` wide). No check digit is added: the boleto carries its own.
 */
export function interleaved2of5(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('Interleaved 2 of 5 takes an even number of digits');
  const [symbol] = load().raw({ bcid: 'interleaved2of5', text: digits, includecheck: false });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js drew no linear symbol');
  return symbol.sbs.map((w) => (w > 1 ? WIDE : 1));
}
