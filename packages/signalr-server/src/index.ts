export { Hub, type GuardedArguments, type HubMethod } from './Hub';
export { type HubOptions, type HubSettings } from './HubOptions';
export { type ClientConnection, type CloseOptions, type SendOptions } from './ClientConnection';
export { type HubHandlers } from './HttpDispatcher';
export { HubError } from './HubError';
export { guards, type ArgumentGuard } from './guards';
export { type Logger, type LogFn } from './Logger';
export { type TransportKind } from './TransportKind';
export { fastifySignalR, type FastifySignalROptions } from './fastifySignalR';
