import type { DownloadedFile } from '../../api/http';

/** Hands a downloaded file to the browser as a download (the only way a SPA saves a file). */
export function saveFileInBrowser({ bytes, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(bytes);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
