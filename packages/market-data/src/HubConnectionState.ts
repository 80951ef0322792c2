/**
 * Where the hub connection is: the lifecycle the UI may show (e.g. a "reconnecting" chip).
 *
 * @example `client.connectionState$.subscribe((state) => setChip(state === 'Reconnecting'));`
 */
export type HubConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting';
