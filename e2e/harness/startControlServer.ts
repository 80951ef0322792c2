import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type LocalPushService, type WebhookReceiver } from '@pairwatch/test-support';
import { type StaticPart } from './StackInfo';

/** What the control server can do to the stack (a subset of scripts/serveStack.mjs's Stack). */
export interface ControllableStack {
  startServer(part: StaticPart): Promise<void>;
  stopServer(part: StaticPart): Promise<void>;
}

/** What the control server offers of the local Web Push service. */
export type ControllablePushService = Pick<
  LocalPushService,
  'createSubscription' | 'waitForPushes'
>;

/** What the control server offers of the webhook receiver, and the signature check. */
export interface ControllableWebhooks {
  readonly receiver: Pick<WebhookReceiver, 'received' | 'waitFor'>;
  /** `verifyPairwatchSignature` of `@pairwatch/test-support`. */
  verify(secret: string, header: string, body: string): boolean;
}

const STATIC_PARTS: readonly StaticPart[] = ['shell', 'alerts', 'positions'];

/** A wait longer than a test's own timeout would only hide a hung test. */
const MAX_WAIT_MS = 60_000;

/** A request the control server refuses, with the status to answer. */
class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  request.setEncoding('utf8');
  for await (const chunk of request as AsyncIterable<string>) text += chunk;
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ControlError(400, `The body is not JSON: ${text.slice(0, 200)}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ControlError(400, `The body must be a JSON object, got ${text.slice(0, 200)}`);
  return body as Record<string, unknown>;
}

/** Answers with what a control handler came to: its status and body, or its error's. */
function answerWith(
  response: ServerResponse,
  outcome: Promise<{ status: number; body: unknown }>,
): void {
  outcome.then(
    ({ status, body }) => answer(response, status, body),
    (error: unknown) =>
      answer(
        response,
        error instanceof ControlError ? error.status : 500,
        error instanceof Error ? error.message : String(error),
      ),
  );
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new ControlError(400, `"${name}" must be a string, got ${JSON.stringify(value)}`);
}

function integerIn(body: Record<string, unknown>, name: string, min: number, max: number): number {
  const value = body[name];
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
    return value;
  throw new ControlError(
    400,
    `"${name}" must be an integer in ${min}..${max}, got ${JSON.stringify(value)}`,
  );
}

async function handlePush(
  push: ControllablePushService,
  action: string,
  request: IncomingMessage,
): Promise<{ status: number; body: unknown }> {
  const body = await readJson(request);
  if (action === 'subscriptions') {
    const applicationServerKey = optionalString(body, 'applicationServerKey');
    return { status: 201, body: push.createSubscription({ applicationServerKey }) };
  }
  const count = integerIn(body, 'count', 1, 1000);
  const endpoint = optionalString(body, 'endpoint');
  const timeoutMs =
    body['timeoutMs'] === undefined ? undefined : integerIn(body, 'timeoutMs', 0, MAX_WAIT_MS);
  try {
    return { status: 200, body: await push.waitForPushes(count, { endpoint, timeoutMs }) };
  } catch (error: unknown) {
    throw new ControlError(504, error instanceof Error ? error.message : String(error));
  }
}

async function handleWebhooks(
  webhooks: ControllableWebhooks,
  action: string,
  request: IncomingMessage,
): Promise<{ status: number; body: unknown }> {
  const body = await readJson(request);
  if (action === 'verify') {
    const [secret, header, text] = ['secret', 'signature', 'body'].map((name) => {
      const value = optionalString(body, name);
      if (value === undefined) throw new ControlError(400, `"${name}" is required`);
      return value;
    }) as [string, string, string];
    return { status: 200, body: { valid: webhooks.verify(secret, header, text) } };
  }
  const count = integerIn(body, 'count', 0, 1000);
  const pathPrefix = optionalString(body, 'path');
  const timeoutMs =
    body['timeoutMs'] === undefined ? undefined : integerIn(body, 'timeoutMs', 0, MAX_WAIT_MS);
  const matching = (all: readonly { path: string }[]) =>
    pathPrefix === undefined ? all : all.filter((hook) => hook.path.startsWith(pathPrefix));
  try {
    const all = await webhooks.receiver.waitFor(
      (received) => matching(received).length >= count,
      timeoutMs,
    );
    return { status: 200, body: matching(all) };
  } catch (error: unknown) {
    throw new ControlError(504, error instanceof Error ? error.message : String(error));
  }
}

function answer(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
  } else if (typeof body === 'string') {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
  } else {
    response
      .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body));
  }
}

/**
 * Serves, on an ephemeral loopback port, what a test (in a worker process) needs of the parts that
 * live in the runner process that ran the global setup:
 *
 * - `POST /servers/{shell|alerts|positions}/{stop|start}` takes a static server down and brings it
 *   back (204);
 * - `POST /push/subscriptions` `{ applicationServerKey? }` creates a subscription on the local
 *   Web Push service (201, `LocalPushSubscription`);
 * - `POST /push/wait` `{ count, endpoint?, timeoutMs? }` answers the pushes the service accepted
 *   and decrypted once there are `count` of them (200, `ReceivedPush[]`), or 504 with what did
 *   arrive when `timeoutMs` (≤ 60 s) passes first;
 * - `POST /webhooks/wait` `{ count, path?, timeoutMs? }` answers the requests the webhook receiver
 *   got (those whose path starts with `path`) once there are `count` of them (200,
 *   `ReceivedWebhook[]`), or 504 after `timeoutMs`;
 * - `POST /webhooks/verify` `{ secret, signature, body }` checks a `Pairwatch-Signature`
 *   (`{ valid }`).
 *
 * Refused requests get a 4xx/5xx with the reason as text.
 *
 * @returns the control URL and a close function.
 */
export async function startControlServer(
  stack: ControllableStack,
  push: ControllablePushService,
  webhooks: ControllableWebhooks,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    const serverMatch = /^\/servers\/([a-z]+)\/(stop|start)$/.exec(url);
    const part = serverMatch?.[1] as StaticPart | undefined;
    const pushMatch = /^\/push\/(subscriptions|wait)$/.exec(url);
    const webhookMatch = /^\/webhooks\/(wait|verify)$/.exec(url);
    if (request.method === 'POST' && serverMatch && part && STATIC_PARTS.includes(part)) {
      const action = serverMatch[2] === 'stop' ? stack.stopServer(part) : stack.startServer(part);
      action.then(
        () => answer(response, 204),
        (error: unknown) => answer(response, 500, String(error)),
      );
    } else if (request.method === 'POST' && pushMatch?.[1]) {
      answerWith(response, handlePush(push, pushMatch[1], request));
    } else if (request.method === 'POST' && webhookMatch?.[1]) {
      answerWith(response, handleWebhooks(webhooks, webhookMatch[1], request));
    } else {
      request.resume();
      answer(response, 404, `No such control: ${request.method} ${url}`);
    }
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
