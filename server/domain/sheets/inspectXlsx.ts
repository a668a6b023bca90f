// What an uploaded .xlsx would cost before anything parses it. An .xlsx is a zip of XML parts, and a small upload
// can expand a thousandfold: exceljs loads every part whole and builds an object per row and cell, so a 0.3 MB file
// that expands to 300 MB held a request for seconds and about 1 GB. Here the zip's central directory gives each
// part's declared size (their total must stay under the limit), then every part is inflated as a stream and
// thrown away, yauzl stopping any part that inflates past its declared size, while the rows and cells of the XML
// parts are counted. Memory stays at a few zlib buffers whatever the file; the first limit crossed ends the read.
import yauzl from 'yauzl';
import type { SpreadsheetLimits } from '../../../contract/spreadsheetUpload';

export type SpreadsheetProblem =
  | { kind: 'notSpreadsheet' }
  | { kind: 'tooLarge'; max: number }
  | { kind: 'expands'; max: number }
  | { kind: 'rows'; max: number }
  | { kind: 'cells'; max: number };

/** A real workbook has a dozen or so parts; thousands of entries are not a spreadsheet. */
const MAX_ENTRIES = 1000;

// `<row ...>` and `<c ...>` (or `<x:row>`), never `<cols>`, `<col>`, `<rowBreaks>`, `<c:chart>`.
const TAG = /<(?:[A-Za-z_][\w.-]{0,20}:)?(row|c)[\s/>]/g;
/** Longer than any match, so a tag split between two chunks is seen whole once. */
const CARRY = 32;

/** Counts row and cell tags over the chunks of one XML part; each tag is counted once wherever chunks split it. */
export function tagCounter() {
  let carry = '';
  const counts = { rows: 0, cells: 0 };
  return {
    counts,
    push(chunk: Buffer) {
      // latin1 maps byte to character one to one: ASCII tags survive inside UTF-8 text, and lengths stay bytes.
      const text = carry + chunk.toString('latin1');
      for (const match of text.matchAll(TAG)) {
        // A match lying wholly inside the carried tail was counted with the previous chunk.
        if (match.index + match[0].length <= carry.length) continue;
        if (match[1] === 'row') counts.rows += 1;
        else counts.cells += 1;
      }
      carry = text.slice(-CARRY);
    },
  };
}

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** The first limit the file crosses, or null when it may be handed to a spreadsheet reader. */
export async function inspectXlsx(bytes: Buffer, limits: SpreadsheetLimits): Promise<SpreadsheetProblem | null> {
  if (bytes.length > limits.maxBytes) return { kind: 'tooLarge', max: limits.maxBytes };
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    return { kind: 'notSpreadsheet' };
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) return { kind: 'notSpreadsheet' };
    // 1. The central directory alone: declared sizes, before a byte is inflated.
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (!entry.canDecodeFileData()) return { kind: 'notSpreadsheet' };
      declared += entry.uncompressedSize;
      if (declared > limits.maxExpandedBytes) return { kind: 'expands', max: limits.maxExpandedBytes };
      entries.push(entry);
    }
    if (entries.length === 0) return { kind: 'notSpreadsheet' };
    // 2. Each part inflated and discarded; yauzl fails a part that inflates past (or short of) its declared size.
    for (const entry of entries) {
      const counter = isXmlPart(entry.fileName) ? tagCounter() : undefined;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        if (!counter) continue;
        counter.push(chunk as Buffer);
        // maxRows counts the rows below the header row.
        if (counter.counts.rows > limits.maxRows + 1) return { kind: 'rows', max: limits.maxRows };
        if (counter.counts.cells > limits.maxCells) return { kind: 'cells', max: limits.maxCells };
      }
    }
    return null;
  } catch {
    // A damaged part, or one that inflates to more than the directory says (a crafted file).
    return { kind: 'notSpreadsheet' };
  } finally {
    zip.close();
  }
}
