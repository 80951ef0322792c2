import { SimCatalogue } from '../catalogue/SimCatalogue';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { type StreamConnection } from './StreamConnection';

/** A request id as Binance accepts it: an integer, up to 36 letters, digits and dashes, or null. */
export type RequestId = number | string | null;

/** The answer to one request, in Binance's shape and key order. */
export type StreamReply =
  | { readonly result: unknown; readonly id: RequestId }
  | { readonly error: { readonly code: number; readonly msg: string }; readonly id: RequestId };

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'];
const ID_REGEX = /^[A-Za-z0-9-]{1,36}$/;

/** A request Binance refuses: the code and message of its `{error: {code, msg}, id}` reply. */
class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function isRequestId(value: unknown): value is RequestId {
  return (
    value === null ||
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && ID_REGEX.test(value))
  );
}

/**
 * The message Binance gives for more streams than a connection may hold (a SUBSCRIBE error, and
 * the body of a refused upgrade).
 */
export function tooManyStreamsMessage(maxStreamsPerConnection: number): string {
  return `Invalid request: too many streams (at most ${maxStreamsPerConnection})`;
}

/**
 * Binance's JSON request protocol on a stream connection: SUBSCRIBE, UNSUBSCRIBE,
 * LIST_SUBSCRIPTIONS, SET_PROPERTY and GET_PROPERTY (`["combined"]`), validated as Binance does,
 * answered `{result, id}` or `{error: {code, msg}, id}` (code 3 invalid JSON, code 2 invalid
 * request / unknown method / invalid stream, code 1 bad value, code 0 unknown property).
 */
export class StreamRequests {
  constructor(
    private readonly maxStreamsPerConnection: number,
    /** The pairs whose streams exist (default: the standard catalogue). */
    private readonly catalogue: SimCatalogue = SimCatalogue.standard(),
  ) {}

  /** Applies one text message of a client to its connection and returns the reply to send. */
  answer(connection: StreamConnection, text: string): StreamReply {
    let id: RequestId = null;
    try {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        throw new RequestError(3, 'Invalid JSON: expected value at line 1 column 1');
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        throw new RequestError(3, 'Invalid JSON: expected an object at line 1 column 1');
      }
      const request = message as Record<string, unknown>;
      if (!('method' in request)) {
        throw new RequestError(
          2,
          `Invalid request: missing field \`method\` at line 1 column ${text.length}`,
        );
      }
      const method = request.method;
      if (typeof method !== 'string' || !METHODS.includes(method)) {
        const shown = JSON.stringify(method) ?? 'null';
        const column = text.indexOf(shown) + shown.length;
        throw new RequestError(
          2,
          `Invalid request: unknown variant ${shown}, expected one of \`SUBSCRIBE\`, \`UNSUBSCRIBE\`, \`LIST_SUBSCRIPTIONS\`, \`SET_PROPERTY\`, \`GET_PROPERTY\` at line 1 column ${column}`,
        );
      }
      if (!isRequestId(request.id)) {
        throw new RequestError(2, 'Invalid request: request ID must be an unsigned integer');
      }
      id = request.id;
      return { result: this.execute(connection, method, request.params), id };
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      return { error: { code: error.code, msg: error.message }, id };
    }
  }

  private execute(connection: StreamConnection, method: string, params: unknown): unknown {
    if (method === 'LIST_SUBSCRIPTIONS') return [...connection.subscriptions.keys()];
    if (method === 'SUBSCRIBE' || method === 'UNSUBSCRIBE') {
      if (!Array.isArray(params) || !params.every((name) => typeof name === 'string')) {
        throw new RequestError(2, 'Invalid request: invalid stream');
      }
      const names = params as string[];
      if (method === 'UNSUBSCRIBE') {
        connection.unsubscribe(names);
        return null;
      }
      const streams = names.map((name) => parseStreamName(name, this.catalogue));
      if (streams.some((stream) => stream === undefined)) {
        throw new RequestError(2, 'Invalid request: invalid stream');
      }
      const total = new Set([...connection.subscriptions.keys(), ...names]).size;
      if (total > this.maxStreamsPerConnection) {
        throw new RequestError(2, tooManyStreamsMessage(this.maxStreamsPerConnection));
      }
      connection.subscribe(streams.filter((stream): stream is KlineStream => stream !== undefined));
      return null;
    }
    // SET_PROPERTY / GET_PROPERTY
    if (!Array.isArray(params) || params.length === 0 || typeof params[0] !== 'string') {
      throw new RequestError(2, 'Invalid request: property name must be a string');
    }
    if (params[0] !== 'combined') throw new RequestError(0, 'Unknown property');
    if (method === 'GET_PROPERTY') return connection.combined;
    if (typeof params[1] !== 'boolean') {
      throw new RequestError(1, 'Invalid value type: expected Boolean');
    }
    connection.combined = params[1];
    return null;
  }
}
