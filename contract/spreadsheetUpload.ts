// Spreadsheet uploads (every .xlsx import): the limits a file must keep before the server parses it, and the
// message keys of a refused file (a 400 on the upload's field). Shared by the upload dialogs and the server.

export type SpreadsheetLimits = {
  /** The upload itself, in bytes. */
  maxBytes: number;
  /** Every part of the .xlsx (a zip) together, once inflated, in bytes. */
  maxExpandedBytes: number;
  /** Rows of any one sheet below its header row. */
  maxRows: number;
  /** Cells of any one sheet. */
  maxCells: number;
};

const MB = 1024 * 1024;

/** Defaults of an import: 5000 rows of three 150-character cells are about 1.6 MB once inflated. */
export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxBytes: 5 * MB,
  maxExpandedBytes: 10 * MB,
  maxRows: 5000,
  maxCells: 100_000,
};

/** Whole megabytes, as the messages show a byte limit. */
export const megabytes = (bytes: number) => Math.round(bytes / MB);

export const spreadsheetMsg = {
  /** Not an .xlsx (no zip, damaged, encrypted), or no file at all in the field. */
  file: 'validation.importFile',
  /** Neither an .xlsx nor a .csv, where both are taken (the move-in imports). */
  fileOrCsv: 'validation.importCsvOrXlsx',
  tooLarge: 'validation.uploadTooLarge',
  expands: 'validation.uploadExpands',
  rows: 'validation.uploadTooManyRows',
  cells: 'validation.uploadTooManyCells',
} as const;
