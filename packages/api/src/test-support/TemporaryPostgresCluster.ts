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
    private readonly bin: string,
    private readonly dir: string,
    /** The loopback port it listens on. */
    readonly port: number,
  ) {}

  /** The newest installed server's `bin` directory (`PG_BIN` wins), or undefined if none. */
  static findBinaries(): string | undefined {
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
  static async create(bin: string): Promise<TemporaryPostgresCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-pg-'));
    const port = await freePort();
    const cluster = new TemporaryPostgresCluster(bin, dir, port);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    // --no-sync: a throwaway cluster need not survive a power cut, and initdb is 10× faster.
    cluster.run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    cluster.start();
    return cluster;
  }

  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /**
   * Stops the server as a restart or failover does: `fast` ends every session at once (clients
   * see their connections drop) and refuses new ones until {@link start}.
   */
  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /**
   * Freezes the server as a hung host or a stalled VM does: SIGSTOP to the postmaster and every
   * backend. Sockets stay open and the kernel still accepts connections, but nothing answers
   * until {@link thaw}.
   */
  freeze(): void {
    for (const pid of this.processes()) process.kill(pid, 'SIGSTOP');
  }

  /** Resumes a server {@link freeze} stopped (SIGCONT to the same processes). */
  thaw(): void {
    for (const pid of this.processes()) process.kill(pid, 'SIGCONT');
  }

  /** The postmaster and its children (backends and auxiliary processes). */
  private processes(): number[] {
    const postmaster = Number(
      fs.readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
      encoding: 'utf8',
    })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  }

  /** Stops the server (if running) and removes its directory. */
  destroy(): void {
    try {
      this.thaw();
    } catch {
      // Not running.
    }
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  private run(program: string, args: readonly string[]): void {
    const command = [path.join(this.bin, program), ...args];
    if (process.getuid?.() === 0) {
      const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
    } else {
      execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });
    }
  }
}
