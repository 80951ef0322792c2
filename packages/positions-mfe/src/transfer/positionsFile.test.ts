import { describe, expect, it, jest } from '@jest/globals';
import { MAX_POSITIONS_FILE_BYTES, readPositionsFile } from './positionsFile';

function fakeFile(size: number) {
  return { name: 'positions.json', size, text: jest.fn(async () => 'x'.repeat(size)) };
}

describe('readPositionsFile', () => {
  it('reads a file of up to 5 MB', async () => {
    expect(MAX_POSITIONS_FILE_BYTES).toBe(5_242_880);
    const file = fakeFile(MAX_POSITIONS_FILE_BYTES);
    expect(await readPositionsFile(file)).toHaveLength(MAX_POSITIONS_FILE_BYTES);
  });

  it('refuses a larger file with its name and size, without reading it', async () => {
    const file = fakeFile(MAX_POSITIONS_FILE_BYTES + 1);
    await expect(readPositionsFile(file)).rejects.toThrow(
      'positions.json is too large (5,242,881 bytes; the limit is 5 MB)',
    );
    expect(file.text).not.toHaveBeenCalled();
  });

  it('reads the text of a real file', async () => {
    const file = new File(['{"format":"pairwatch.positions"}'], 'a.json');
    expect(await readPositionsFile(file)).toBe('{"format":"pairwatch.positions"}');
  });
});
