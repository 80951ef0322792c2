/** What the cluster coordinators log through (a pino logger fits). */
export interface ClusterLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
