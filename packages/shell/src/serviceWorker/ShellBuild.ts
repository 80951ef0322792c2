/**
 * The shell build a service worker serves offline, written into `sw.js` at build time
 * (webpack.config.cjs): a new shell build is a new worker.
 */
export interface ShellBuild {
  /** Changes whenever any file of the build does; names the build's cache. */
  readonly id: string;
  /** Root-relative paths of the files a page loads (scripts, web app manifest, icons). */
  readonly assets: readonly string[];
}
