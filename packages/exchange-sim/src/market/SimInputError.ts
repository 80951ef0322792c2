/** Bad input to the simulator's controls: nothing was changed. */
export class SimInputError extends Error {
  override readonly name = 'SimInputError';
}
