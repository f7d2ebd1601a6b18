/**
 * Hands a file the page made or fetched to the browser as a download: the loans' payoff plan CSV,
 * the recovery codes, the data export. One place, so every download behaves the same.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns: revoking at once could cut the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
