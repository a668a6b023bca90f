// File names and downloads (spec sections 5, 8 and 9).

/** The part after the last dot of the URL's last path segment, ignoring query and hash; '' when there is none. */
export function fileExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1);
}

/** Saves a blob under a file name through a temporary link (browser only). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next task: Firefox cancels a download whose URL is revoked synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type DownloadResult = { pending: false; success: boolean };

/**
 * Fetches a file and saves it. Failure is logged as 'Error downloading the file' and reported as
 * `{pending: false, success: false}` (spec section 8); the caller decides whether to toast.
 */
export async function downloadFile(
  fetchBlob: () => Promise<Blob>,
  fileName: string,
  save: (blob: Blob, fileName: string) => void = downloadBlob,
): Promise<DownloadResult> {
  try {
    save(await fetchBlob(), fileName);
    return { pending: false, success: true };
  } catch (error) {
    console.error('Error downloading the file', error);
    return { pending: false, success: false };
  }
}

/** Spec section 9: Excel downloads are .xlsx, lead documents .docx. */
export const EXCEL_EXTENSION = 'xlsx';
export const DOCUMENT_EXTENSION = 'docx';
