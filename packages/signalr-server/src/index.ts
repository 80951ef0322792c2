export { Hub } from './Hub';
export { type HubSettings } from './HubOptions';
export { type ClientConnection } from './ClientConnection';
export { HubError } from './HubError';
export { guards } from './guards';
export { type Logger } from './Logger';
export { fastifySignalR } from './fastifySignalR';
export { clientKey } from './clientKey';
