/** Thrown when a position id is not in the store (product product §8: 'Position not found'). */
export class PositionNotFoundError extends Error {
  override readonly name = 'PositionNotFoundError';

  constructor(readonly positionId: number) {
    // The message is the spec's, word for word; the id travels as `positionId`.
    super('Position not found');
  }
}
