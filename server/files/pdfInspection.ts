import { PDFArray, PDFDict, PDFDocument, PDFName, ParseSpeeds, type PDFObject } from 'pdf-lib';

/** What a PDF upload may cost to read: its pages, the depth of its page tree, and the objects it holds. */
export const PDF_BOUNDS = { maxPages: 200, maxTreeDepth: 32, maxObjects: 200_000 } as const;

/** A PDF read within the bounds, or why it was refused. */
export type PdfInspection = { ok: true; pages: number } | { ok: false; problem: 'unreadable' | 'tooManyPages' | 'tooComplex' };

/**
 * Reads a PDF as the merge will (pdf-lib) and counts its pages by walking the page tree itself, never through
 * pdf-lib's page list: a visited set refuses a tree that lists a node twice (10 nodes that each list the next ten
 * times reach 10^9 pages in 1.6 KB), and the walk stops past `maxPages` pages or `maxTreeDepth` levels. Runs in a
 * worker (server/files/fileParser.ts), which also bounds its time and memory.
 */
export async function inspectPdf(content: Uint8Array, bounds = PDF_BOUNDS): Promise<PdfInspection> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true, parseSpeed: ParseSpeeds.Fastest });
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (document.context.enumerateIndirectObjects().length > bounds.maxObjects) return { ok: false, problem: 'tooComplex' };
  const visited = new Set<PDFDict>();
  let pages = 0;
  const walk = (entry: PDFObject | undefined, depth: number): PdfInspection | null => {
    const node = document.context.lookup(entry);
    if (!(node instanceof PDFDict) || visited.has(node)) return { ok: false, problem: 'unreadable' };
    if (depth > bounds.maxTreeDepth) return { ok: false, problem: 'tooComplex' };
    visited.add(node);
    const type = node.get(PDFName.of('Type'));
    // pdf-lib's own page list counts the leaves of type Page and skips other leaves: so does this walk.
    if (type === PDFName.of('Page')) {
      pages++;
      return pages > bounds.maxPages ? { ok: false, problem: 'tooManyPages' } : null;
    }
    if (type !== PDFName.of('Pages')) return null;
    const kids = node.lookup(PDFName.of('Kids'));
    if (!(kids instanceof PDFArray)) return { ok: false, problem: 'unreadable' };
    for (let index = 0; index < kids.size(); index++) {
      const refused = walk(kids.get(index), depth + 1);
      if (refused) return refused;
    }
    return null;
  };
  try {
    const refused = walk(document.catalog.get(PDFName.of('Pages')), 0);
    if (refused) return refused;
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return pages > 0 ? { ok: true, pages } : { ok: false, problem: 'unreadable' };
}
