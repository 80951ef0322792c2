import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type StaticPart } from './StackInfo';

/** What the control server can do to the stack (a subset of scripts/serveStack.mjs's Stack). */
export interface ControllableStack {
  startServer(part: StaticPart): Promise<void>;
  stopServer(part: StaticPart): Promise<void>;
}

const STATIC_PARTS: readonly StaticPart[] = ['shell', 'alerts', 'positions'];

/**
 * Serves `POST /servers/{shell|alerts|positions}/{stop|start}` on an ephemeral loopback port, so a
 * test (in a worker process) can take a static server down and bring it back, while the stack
 * itself lives in the runner process that ran the global setup.
 *
 * @returns the control URL and a close function.
 */
export async function startControlServer(
  stack: ControllableStack,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const match = /^\/servers\/([a-z]+)\/(stop|start)$/.exec(request.url ?? '');
    const part = match?.[1] as StaticPart | undefined;
    if (request.method !== 'POST' || !match || !part || !STATIC_PARTS.includes(part)) {
      response
        .writeHead(404, { 'Content-Type': 'text/plain' })
        .end(`No such control: ${request.method} ${request.url}`);
      return;
    }
    const action = match[2] === 'stop' ? stack.stopServer(part) : stack.startServer(part);
    action.then(
      () => response.writeHead(204).end(),
      (error: unknown) =>
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
