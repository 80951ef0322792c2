import path from 'node:path';
import { type ApiConfig } from './config/ApiConfig';
import { SQLITE_FILE_NAME } from './storage/openAlertStore';

type ErrorLike = { code?: unknown; message?: unknown; path?: unknown; cause?: unknown };

/** The error and its causes, outermost first (a migration failure wraps the database's error). */
function chain(error: unknown): ErrorLike[] {
  const errors: ErrorLike[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && errors.length < 5) {
    errors.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return errors;
}

/** `DATABASE_URL` without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

/**
 * One line that says why the api could not start and what to do — naming the file, folder, URL
 * (password hidden) or port — instead of a stack trace, like a bad environment value gets.
 */
export function describeBootFailure(
  error: unknown,
  config: Pick<ApiConfig, 'dataDir' | 'databaseUrl' | 'port' | 'host'>,
): string {
  const errors = chain(error);
  const codes = errors.map((e) => (typeof e.code === 'string' ? e.code : ''));
  const has = (...wanted: string[]) => codes.find((code) => wanted.includes(code));
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE_NAME);
  const fsPath = errors.map((e) => e.path).find((p): p is string => typeof p === 'string');

  if (has('EADDRINUSE')) {
    return `Port ${config.port} on ${config.host} is already in use: stop the other process or set PORT to a free port.`;
  }
  if (config.databaseUrl !== undefined) {
    const where = redactDatabaseUrl(config.databaseUrl);
    const code = has(
      'ECONNREFUSED',
      'ENOTFOUND',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      '28P01',
      '28000',
      '3D000',
      '57P03',
    );
    if (code !== undefined) {
      return `Cannot use PostgreSQL at ${where} (${code}): check that it is running and that DATABASE_URL names a reachable server, database and user.`;
    }
  } else {
    const corrupt = has('SQLITE_CORRUPT', 'SQLITE_NOTADB');
    if (corrupt !== undefined) {
      return `The database file ${sqliteFile} is damaged (${corrupt}): restore it from a backup, or move it away to start with an empty one.`;
    }
  }
  const notFolder = has('ENOTDIR', 'EEXIST');
  if (notFolder !== undefined) {
    return `DATA_DIR ${config.dataDir} is not a folder (${notFolder}): point DATA_DIR at a folder; it is created when missing.`;
  }
  const denied = has('EACCES', 'EPERM', 'EROFS', 'SQLITE_READONLY', 'SQLITE_CANTOPEN');
  if (denied !== undefined) {
    return `Cannot write to ${fsPath ?? config.dataDir} (${denied}): give the api's user write access to DATA_DIR, or point DATA_DIR at a writable folder.`;
  }
  const first = errors[0];
  const message = typeof first?.message === 'string' ? first.message : String(error);
  return `The api could not start: ${message.split('\n')[0]}`;
}
