// Reading a download's body while counting bytes, so a button can show how far it got.

/** The declared size from a Content-Length header, or null when absent or not a whole positive number. */
export function declaredLength(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const n = Number(header.trim());
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** 0..1 when the size is known; null (indeterminate) otherwise. A compressed body can outgrow its header: capped at 1. */
export function progressFraction(received: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(1, Math.max(0, received / total));
}

/** Reads a response body as a stream and reports `received` bytes (and the declared total) after each chunk. */
export async function readBlobWithProgress(
  response: Response,
  onProgress: (received: number, total: number | null) => void,
): Promise<Blob> {
  const total = declaredLength(response.headers.get('content-length'));
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}
