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
