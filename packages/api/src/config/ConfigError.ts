/** A configuration problem found at boot; the message names every offending variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  /**
   * @param problems - one line per bad variable, each starting with the variable's name.
   */
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
