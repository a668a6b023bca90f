// Hostile .xlsx files made in a few milliseconds and a few hundred kilobytes of memory: a real one-sheet workbook
// (exceljs) whose sheet XML gets `copies` × `block` inserted before `</sheetData>`. The inserted part is deflated
// once and repeated: each piece is a separate raw-deflate run ended by a full flush (no back-references, no final
// bit), so the pieces chain into one valid stream that inflates to every copy. A 1 MB block of identical rows
// deflates to under 4 KB, so 300 copies make a 1.1 MB file that expands to 300 MB.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { unzipSync, Zip, ZipDeflate, type ZipInputFile } from 'fflate';

export const SHEET = 'xl/worksheets/sheet1.xml';

/**
 * Copies of one row (always row 2: a block repeats byte for byte) with one inline-string cell, `bytes` long
 * (rounded down to whole rows). exceljs reads each copy into a row of its own before it keeps the last.
 */
export function rowsBlock(bytes: number, text = 'Fizika'): Buffer {
  const row = `<row r="2"><c r="A2" t="inlineStr"><is><t>${text}</t></is></c></row>`;
  return Buffer.from(row.repeat(Math.max(1, Math.floor(bytes / row.length))));
}

/**
 * A workbook whose first sheet has the header row `subject` and then `copies` × `block` of sheet XML.
 * `declaredSize` makes the zip lie about the sheet's inflated size (a crafted file that slips past a reader
 * trusting the directory).
 */
export async function xlsxBomb(block: Buffer, copies: number, options: { declaredSize?: number } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Katalog').addRow(['subject']);
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const sheet = Buffer.from(parts[SHEET]).toString('utf8');
  const cut = sheet.indexOf('</sheetData>');
  if (cut < 0) throw new Error('xlsxBomb: the sheet has no sheetData');
  const head = Buffer.from(sheet.slice(0, cut));
  const tail = Buffer.from(sheet.slice(cut));

  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const deflatedBlock = flushed(block);
  let crc = crc32(head);
  for (let i = 0; i < copies; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc);

  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else out.push(chunk);
  });
  for (const [name, data] of Object.entries(parts)) {
    if (name === SHEET) continue;
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
  }
  // The sheet: already deflated here, so the zip only frames it (method 8, its true size and CRC).
  const bomb: ZipInputFile = { filename: SHEET, compression: 8, size: options.declaredSize ?? head.length + block.length * copies + tail.length, crc };
  zip.add(bomb);
  bomb.ondata!(null, flushed(head), false);
  for (let i = 0; i < copies; i++) bomb.ondata!(null, deflatedBlock, false);
  bomb.ondata!(null, deflateRawSync(tail), true);
  zip.end();
  if (failed) throw failed;
  return Buffer.concat(out);
}
