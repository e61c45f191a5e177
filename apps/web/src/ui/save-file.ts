// Saves a downloaded file (an export) under the name the server gave it, through a temporary link.
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Shows a file that must be fetched first (a payment certificate) in a new tab. The tab is opened
 * at once, inside the click: browsers (iOS Safari above all) block a window opened after an await.
 * It gets the file when it has loaded, and is closed again when loading fails (the error is the
 * caller's to show).
 */
export async function openFileInNewTab(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  // The new tab must not reach back to this page (what 'noopener' does, which would also hide the tab from us).
  if (tab) tab.opener = null;
  let blob: Blob;
  try {
    blob = await load();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.open(url, '_blank', 'noopener'); // a browser that refused the blank tab may allow this one
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
