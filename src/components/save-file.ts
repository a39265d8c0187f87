/** Hands a downloaded file to the browser under `name` (an object URL and a temporary link). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
