/** One line a {@link recordingLogger} received. */
export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly object: object;
}

/** A pino-shaped logger for unit tests that keeps what it is told. */
export function recordingLogger(): {
  lines: LoggedLine[];
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
} {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (object, message) => lines.push({ level: 'info', message, object }),
    warn: (object, message) => lines.push({ level: 'warn', message, object }),
    error: (object, message) => lines.push({ level: 'error', message, object }),
  };
}
