/**
 * What the api's long-running services (alert engine and runtime, push sender, cluster
 * coordinators) log through: a pino logger fits, tests pass recorders.
 */
export interface ServiceLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
