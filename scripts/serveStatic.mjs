// A small static file server for the production builds of the shell and the remotes (node:http,
// no dependencies): content types, caching, SPA fallback for the shell, CORS for the remotes,
// brotli/gzip for text (compressed once per file version and kept in memory), and no source maps
// unless asked for (they would publish the sources).
// Used by `pnpm start` (scripts/start.mjs) and the e2e harness (e2e/), through scripts/serveStack.mjs.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.svg',
]);
/** Below this, compression saves less than the extra header and the work cost. */
const MIN_COMPRESS_BYTES = 512;

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
function pickEncoding(header) {
  const accepted = new Map(
    (header ?? '').split(',').map((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [coding, q ? Number(q.slice(2)) : 1];
    }),
  );
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/** Content types by file extension; anything else is served as bytes. */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
};

/** webpack's content-hashed chunk names (`1013.43ba443d.js`): safe to cache for good. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

/**
 * @typedef {object} StaticServerOptions
 * @property {string} root - the folder to serve (a build's `dist/`).
 * @property {string} [name] - used in log lines and errors.
 * @property {boolean} [spaFallback] - answer `index.html` for unknown paths without a file extension (the shell's client-side routes).
 * @property {readonly string[]} [corsOrigins] - origins allowed to fetch these files cross-origin (the shell's, for a remote).
 * @property {Readonly<Record<string, { body: string, contentType: string }>>} [overrides] - fixed answers for some paths, e.g. a generated `/app-config.json`.
 * @property {boolean} [sourceMaps] - serve `.map` files (default false: a 404, so the sources are not published).
 * @property {string} [contentSecurityPolicy] - sent with every HTML answer (the app's document).
 * @property {(pathname: string, search: URLSearchParams) => readonly string[]} [documentLinks] - the `Link` header values of an HTML answer for a path and query, e.g. preloads of what that page fetches first.
 */

/**
 * @typedef {object} StaticServer
 * @property {string} name
 * @property {(port: number, host?: string) => Promise<string>} listen - resolves to the server's URL (no trailing slash).
 * @property {() => Promise<void>} close - stops listening and drops open connections.
 * @property {() => boolean} listening
 */

/**
 * Creates (does not start) a static server over one build folder.
 *
 * @param {StaticServerOptions} options
 * @returns {StaticServer}
 */
export function createStaticServer(options) {
  const root = path.resolve(options.root);
  const name = options.name ?? path.basename(path.dirname(root));
  const corsOrigins = new Set(options.corsOrigins ?? []);
  const overrides = options.overrides ?? {};
  /** Compressed bodies by file, valid for one version of it (size and mtime). */
  const compressed = new Map();

  /**
   * The file's bytes in `encoding`, compressed once per version of the file and kept.
   * @param {string} file @param {import('node:fs').Stats} stats @param {'br' | 'gzip'} encoding
   * @returns {Promise<Buffer>}
   */
  async function compressedBody(file, stats, encoding) {
    const version = `${stats.size}:${stats.mtimeMs}`;
    let entry = compressed.get(file);
    if (!entry || entry.version !== version) {
      entry = { version, bodies: new Map() };
      compressed.set(file, entry);
    }
    let body = entry.bodies.get(encoding);
    if (!body) {
      const raw = readFile(file);
      body =
        encoding === 'br'
          ? raw.then((bytes) =>
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
            )
          : raw.then((bytes) => gzip(bytes, { level: 9 }));
      entry.bodies.set(encoding, body);
      body.catch(() => entry.bodies.delete(encoding));
    }
    return body;
  }

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  async function handle(request, response) {
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      response.setHeader(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? '',
      );
    }
    response.setHeader('Vary', 'Origin');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response
        .writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain' })
        .end('Method Not Allowed');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Request: malformed URL');
      return;
    }
    const override = overrides[pathname];
    if (override) {
      response.writeHead(200, {
        'Content-Type': override.contentType,
        'Cache-Control': 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : override.body);
      return;
    }
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      response.writeHead(403, { 'Content-Type': 'text/plain' }).end('Forbidden');
      return;
    }
    let target = (await fileStat(file)) ? file : undefined;
    if (!target && (await fileStat(path.join(file, 'index.html'))))
      target = path.join(file, 'index.html');
    // A client-side route (no extension) gets the app; a missing asset stays a 404, so a missing
    // chunk fails loudly instead of being parsed as HTML.
    if (!target && options.spaFallback && path.extname(pathname) === '')
      target = path.join(root, 'index.html');
    const stats = target ? await fileStat(target) : undefined;
    if (target && !options.sourceMaps && target.endsWith('.map')) target = undefined;
    if (!target || !stats) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end(`Not Found: ${pathname}`);
      return;
    }
    const extension = path.extname(target).toLowerCase();
    if (extension === '.html' && options.contentSecurityPolicy) {
      response.setHeader('Content-Security-Policy', options.contentSecurityPolicy);
    }
    const links =
      extension === '.html'
        ? (options.documentLinks?.(
            pathname,
            new URL(request.url ?? '/', 'http://localhost').searchParams,
          ) ?? [])
        : [];
    if (links.length > 0) response.setHeader('Link', links.join(', '));
    const headers = {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      // Hashed chunks never change; everything else (index.html, entries, manifests, sw.js) is
      // revalidated so a redeploy takes effect on the next load.
      'Cache-Control': HASHED_FILE.test(target)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    const encoding =
      COMPRESSIBLE.has(extension) && stats.size >= MIN_COMPRESS_BYTES
        ? pickEncoding(request.headers['accept-encoding'])
        : undefined;
    if (COMPRESSIBLE.has(extension)) response.setHeader('Vary', 'Origin, Accept-Encoding');
    if (encoding) {
      const body = await compressedBody(target, stats, encoding);
      response.writeHead(200, {
        ...headers,
        'Content-Encoding': encoding,
        'Content-Length': body.length,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Length': stats.size });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(target)
      .on('error', (error) => response.destroy(error))
      .pipe(response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(`[${name}] ${request.method} ${request.url} failed:`, error);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal Server Error');
    });
  });

  return {
    name,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (error) => {
          server.off('listening', onListening);
          reject(
            error.code === 'EADDRINUSE'
              ? new Error(
                  `${name}: port ${port} on ${host} is already in use (is another Pairwatch running?).`,
                )
              : error,
          );
        };
        const onListening = () => {
          server.off('error', onError);
          const address = server.address();
          resolve(`http://${host}:${typeof address === 'object' && address ? address.port : port}`);
        };
        server.once('error', onError);
        server.once('listening', onListening);
        server.listen(port, host);
      });
    },
    close() {
      return new Promise((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    listening: () => server.listening,
  };
}

/** @param {string} file @returns {Promise<import('node:fs').Stats | undefined>} a regular file's stats, or undefined */
async function fileStat(file) {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}
