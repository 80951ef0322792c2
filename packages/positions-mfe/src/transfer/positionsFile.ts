// The positions file on the user's disk: saving an export through the browser's download, and
// reading an import file after checking its size.
import { type PositionsExport } from './PositionsExport';

/** Saves an export as `pairwatch-positions-<date>.json` through the browser's download. */
export function downloadPositionsFile(data: PositionsExport): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `pairwatch-positions-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The largest import file read, in bytes (5 MB). An export holds about 100 bytes per position, so
 * this leaves room for tens of thousands of positions while a wrong file (a video, a disk image)
 * is refused before the tab reads it all into memory and parses it.
 */
export const MAX_POSITIONS_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The text of an import file, after checking its size.
 *
 * @throws Error naming the file and its size when it is over {@link MAX_POSITIONS_FILE_BYTES};
 * the file is not read then.
 */
export async function readPositionsFile(
  file: Pick<File, 'name' | 'size' | 'text'>,
): Promise<string> {
  if (file.size > MAX_POSITIONS_FILE_BYTES) {
    throw new Error(
      `${file.name} is too large (${file.size.toLocaleString('en-US')} bytes; the limit is ${MAX_POSITIONS_FILE_BYTES / 1024 / 1024} MB)`,
    );
  }
  return await file.text();
}
