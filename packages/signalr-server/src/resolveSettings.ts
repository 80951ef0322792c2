import { type IncomingMessage } from 'node:http';
import { type HubSettings } from './HubOptions';
import { type Logger } from './Logger';
import { TRANSPORT_KINDS, type TransportKind } from './Transport';

/**
 * {@link HubSettings} with every default filled in and checked.
 *
 * @internal
 */
export interface ResolvedSettings {
  readonly keepAliveIntervalMs: number;
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  readonly disconnectTimeoutMs: number;
  readonly pollTimeoutMs: number;
  readonly tickIntervalMs: number;
  readonly maxMessageSize: number;
  readonly maxReceiveSize: number;
  readonly sendHighWaterMark: number;
  readonly maxQueuedBytes: number;
  readonly slowConsumerTimeoutMs: number;
  readonly maxConnections: number;
  readonly maxHttpStreamingConnections: number;
  readonly maxConnectionsPerClient: number;
  readonly reservedShare: number;
  readonly evictIdleAfterMs: number;
  readonly maxFramesPerSecond: number;
  readonly maxFragmentsPerMessage: number;
  readonly clientAddress: (request: IncomingMessage) => string;
  readonly negotiateTimeoutMs: number;
  readonly maxPendingInvocations: number;
  readonly maxInvocationsPerSecond: number;
  readonly shutdownTimeoutMs: number;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly transports: readonly TransportKind[];
  readonly detailedErrors: boolean;
  readonly logger: Logger;
}

const silent = (): void => undefined;
const socketAddress = (request: IncomingMessage): string => request.socket.remoteAddress ?? '';
const SILENT_LOGGER: Logger = { debug: silent, info: silent, warn: silent, error: silent };

function positive(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result <= 0) {
    throw new RangeError(`Hub option '${name}' must be a positive number, got ${String(value)}.`);
  }
  return result;
}

function share(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result < 0 || result >= 1) {
    throw new RangeError(
      `Hub option '${name}' must be at least 0 and below 1, got ${String(value)}.`,
    );
  }
  return result;
}

/**
 * Fills in defaults and rejects invalid settings with a message naming the option.
 *
 * @internal
 */
export function resolveSettings<TState>(options: HubSettings<TState>): ResolvedSettings {
  const maxMessageSize = positive('maxMessageSize', options.maxMessageSize, 32 * 1024);
  const origins = options.allowedOrigins ?? [];
  for (const origin of origins) {
    if (origin === '*' || origin.trim() === '') {
      throw new RangeError(
        `Hub option 'allowedOrigins' must list origins by name, got ${JSON.stringify(origin)}: the SignalR client sends credentials, which browsers refuse with '*'.`,
      );
    }
  }
  const transports = options.transports ?? TRANSPORT_KINDS;
  for (const transport of transports) {
    if (!TRANSPORT_KINDS.includes(transport)) {
      throw new RangeError(
        `Hub option 'transports' has an unknown transport ${JSON.stringify(transport)}.`,
      );
    }
  }
  if (transports.length === 0) throw new RangeError(`Hub option 'transports' must not be empty.`);
  const keepAliveIntervalMs = positive('keepAliveIntervalMs', options.keepAliveIntervalMs, 15_000);
  const clientTimeoutMs = positive('clientTimeoutMs', options.clientTimeoutMs, 30_000);
  const pollTimeoutMs = positive('pollTimeoutMs', options.pollTimeoutMs, 90_000);
  return {
    keepAliveIntervalMs,
    clientTimeoutMs,
    handshakeTimeoutMs: positive('handshakeTimeoutMs', options.handshakeTimeoutMs, 15_000),
    disconnectTimeoutMs: positive('disconnectTimeoutMs', options.disconnectTimeoutMs, 15_000),
    pollTimeoutMs,
    tickIntervalMs: positive('tickIntervalMs', options.tickIntervalMs, 1_000),
    maxMessageSize,
    maxReceiveSize: positive('maxReceiveSize', options.maxReceiveSize, 4 * maxMessageSize),
    sendHighWaterMark: positive('sendHighWaterMark', options.sendHighWaterMark, 64 * 1024),
    maxQueuedBytes: positive('maxQueuedBytes', options.maxQueuedBytes, 1024 * 1024),
    slowConsumerTimeoutMs: positive('slowConsumerTimeoutMs', options.slowConsumerTimeoutMs, 10_000),
    maxConnections: positive('maxConnections', options.maxConnections, 10_000),
    maxHttpStreamingConnections: positive(
      'maxHttpStreamingConnections',
      options.maxHttpStreamingConnections,
      2_000,
    ),
    maxConnectionsPerClient: positive(
      'maxConnectionsPerClient',
      options.maxConnectionsPerClient,
      100,
    ),
    reservedShare: share('reservedShare', options.reservedShare, 0.2),
    evictIdleAfterMs: positive('evictIdleAfterMs', options.evictIdleAfterMs, 60_000),
    maxFramesPerSecond: positive('maxFramesPerSecond', options.maxFramesPerSecond, 200),
    maxFragmentsPerMessage: positive('maxFragmentsPerMessage', options.maxFragmentsPerMessage, 64),
    clientAddress: options.clientAddress ?? socketAddress,
    negotiateTimeoutMs: positive('negotiateTimeoutMs', options.negotiateTimeoutMs, 5_000),
    maxPendingInvocations: positive('maxPendingInvocations', options.maxPendingInvocations, 32),
    maxInvocationsPerSecond: positive(
      'maxInvocationsPerSecond',
      options.maxInvocationsPerSecond,
      50,
    ),
    shutdownTimeoutMs: positive('shutdownTimeoutMs', options.shutdownTimeoutMs, 5_000),
    allowedOrigins: new Set(origins),
    transports: [...transports],
    detailedErrors: options.detailedErrors ?? false,
    logger: options.logger ?? SILENT_LOGGER,
  };
}
