import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

/** The package's directory (this file is in src/test-support). */
const PACKAGE_DIR = path.resolve(__dirname, '..', '..');

/**
 * The api as a real process: `node dist/server.js` with the given environment. The build is
 * brought up to date once per jest worker (`tsc -b`, a second when nothing changed), so the
 * process never runs stale code.
 */
export class ApiChildProcess {
  private static built = false;
  /** What the process wrote to stdout and stderr, for failure messages. */
  output = '';

  private constructor(
    private readonly child: ChildProcess,
    /** `http://127.0.0.1:<port>`. */
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /**
   * Starts the server with `env` (plus PATH and HOST=127.0.0.1, PORT=`port`) and resolves once
   * `GET /status` answers.
   */
  static async start(
    port: number,
    env: Readonly<Record<string, string>>,
    readyBoundMs = 20_000,
  ): Promise<ApiChildProcess> {
    if (!ApiChildProcess.built) {
      execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', PACKAGE_DIR]);
      ApiChildProcess.built = true;
    }
    const child = spawn(process.execPath, [path.join(PACKAGE_DIR, 'dist', 'server.js')], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiChildProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + readyBoundMs;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`The api exited with ${child.exitCode} at start: ${api.output}`);
      }
      const ready = await fetch(`${api.url}/status`).then(
        () => true,
        () => false,
      );
      if (ready) return api;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The api did not answer within ${readyBoundMs} ms: ${api.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends `signal` and resolves once the process has exited. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill(signal);
    await exited;
  }
}
