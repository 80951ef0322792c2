import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';

/** Where Debian and Ubuntu install PostgreSQL's server binaries (CI installs them there too). */
const DEBIAN_BINARIES = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary directory, loopback only, trust
 * authentication), so a test may stop and start it without disturbing the shared test server.
 * When the test runs as root the server runs as the `postgres` user, which PostgreSQL requires.
 */
export class TemporaryPostgresCluster {
  private constructor(
    private readonly _bin: string,
    private readonly _dir: string,
    /** The loopback port it listens on. */
    public readonly port: number,
  ) {}

  /** The newest installed server's `bin` directory (`PG_BIN` wins), or undefined if none. */
  public static findBinaries(): string | undefined {
    const explicit = process.env.PG_BIN;
    if (explicit) return fs.existsSync(path.join(explicit, 'initdb')) ? explicit : undefined;
    if (!fs.existsSync(DEBIAN_BINARIES)) return undefined;
    const versions = fs
      .readdirSync(DEBIAN_BINARIES)
      .filter((version) => fs.existsSync(path.join(DEBIAN_BINARIES, version, 'bin', 'initdb')))
      .sort((a, b) => Number(a) - Number(b));
    const newest = versions.at(-1);
    return newest === undefined ? undefined : path.join(DEBIAN_BINARIES, newest, 'bin');
  }

  /** Creates and starts a cluster on a free loopback port. */
  public static async create(bin: string): Promise<TemporaryPostgresCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-pg-'));
    const port = await freePort();
    const cluster = new TemporaryPostgresCluster(bin, dir, port);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    // --no-sync: a throwaway cluster need not survive a power cut, and initdb is 10× faster.
    cluster._run('initdb', ['-D', cluster._data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    cluster.start();
    return cluster;
  }

  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  public get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  public start(): void {
    const options = `-p ${this.port} -k ${this._dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this._run('pg_ctl', [
      '-D',
      this._data,
      '-o',
      options,
      '-l',
      path.join(this._dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /**
   * Stops the server as a restart or failover does: `fast` ends every session at once (clients
   * see their connections drop) and refuses new ones until {@link start}.
   */
  public stop(): void {
    this._run('pg_ctl', ['-D', this._data, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the server (if running) and removes its directory. */
  public destroy(): void {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    fs.rmSync(this._dir, { recursive: true, force: true });
  }

  private get _data(): string {
    return path.join(this._dir, 'data');
  }

  private _run(program: string, args: readonly string[]): void {
    const command = [path.join(this._bin, program), ...args];
    if (process.getuid?.() === 0) {
      const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
    } else {
      execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });
    }
  }
}
