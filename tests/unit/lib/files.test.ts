import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileExtension } from '../../../src/lib/files';

describe('fileExtension', () => {
  it('is the part after the last dot, ignoring query and hash', () => {
    expect(fileExtension('https://cdn.example.com/files/report.final.xlsx?token=a.b')).toBe('xlsx');
    expect(fileExtension('/media/photo.JPG#preview')).toBe('JPG');
    expect(fileExtension('lead.docx')).toBe('docx');
  });

  it('is empty when the file name has no extension', () => {
    expect(fileExtension('https://example.com/v1.2/download?name=a.pdf')).toBe('');
    expect(fileExtension('/files/README')).toBe('');
    expect(fileExtension('/files/.env')).toBe('');
    expect(fileExtension('/files/name.')).toBe('');
    expect(fileExtension('')).toBe('');
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the blob and reports success', async () => {
    const blob = new Blob(['x']);
    const save = vi.fn();
    await expect(downloadFile(async () => blob, 'leads.xlsx', save)).resolves.toEqual({ pending: false, success: true });
    expect(save).toHaveBeenCalledWith(blob, 'leads.xlsx');
  });

  it("logs 'Error downloading the file' and reports failure", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('boom');
    const save = vi.fn();
    await expect(downloadFile(() => Promise.reject(error), 'x.xlsx', save)).resolves.toEqual({ pending: false, success: false });
    expect(log).toHaveBeenCalledWith('Error downloading the file', error);
    expect(save).not.toHaveBeenCalled();
  });
});
