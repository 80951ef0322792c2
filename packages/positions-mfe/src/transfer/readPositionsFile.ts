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
