import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage, type PDFRef } from 'pdf-lib';

export interface PdfFacts {
  pages: number;
  title: string | undefined;
  /** Every text drawn on the first page, one entry per text-showing operator, in drawing order. */
  texts: string[];
  /** The base names of the first page's fonts (`ABCDEF+DejaVuSans` for an embedded subset). */
  fonts: string[];
  /** Every page's texts, as `texts` has the first's. */
  pageTexts: string[][];
}

const decode = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** A ToUnicode CMap's glyph → text table (the `bfchar` and `bfrange` sections pdf-lib writes). */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, text] of (section[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(glyph!, 16), utf16(text!));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, start] of (section[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(start!, 16);
      for (let g = parseInt(lo!, 16); g <= parseInt(hi!, 16); g++) map.set(g, String.fromCharCode(first + g - parseInt(lo!, 16)));
    }
  }
  return map;
}

/** The texts a page draws, one per text-showing operator in drawing order, and its fonts' base names. */
function readPage(doc: PDFDocument, page: PDFPage): { texts: string[]; fonts: string[] } {
  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<number, string>>();
  const fonts: string[] = [];
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref as PDFRef, PDFDict);
    fonts.push(font.lookup(PDFName.of('BaseFont'))?.toString().replace(/^\//, '') ?? '');
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    if (toUnicode instanceof PDFRawStream) maps.set(name.toString(), unicodeMap(decode(toUnicode)));
  }
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const program = streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map(decode)
    .join('\n');
  const texts: string[] = [];
  let current: Map<number, string> | undefined;
  for (const [, font, hex] of program.matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (font) current = maps.get(font);
    else if (hex !== undefined && current) texts.push((hex.match(/.{4}/g) ?? []).map((g) => current?.get(parseInt(g, 16)) ?? '\uFFFD').join(''));
  }
  return { texts, fonts };
}

/**
 * Reads a PDF back with pdf-lib and extracts each page's text through the fonts' ToUnicode maps,
 * the way a viewer's search and copy do: enough to prove what a receipt says, without a renderer.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages().map((page) => readPage(doc, page));
  const first = pages[0] ?? { texts: [], fonts: [] };
  return { pages: doc.getPageCount(), title: doc.getTitle(), texts: first.texts, fonts: [...new Set(first.fonts)], pageTexts: pages.map((p) => p.texts) };
}
