import { describe, expect, it } from '@jest/globals';
import { HubConnectionState } from '@microsoft/signalr';
import { buildHubConnection, createSignalRConnection } from './createSignalRConnection';

describe('buildHubConnection', () => {
  it('uses the spec timing: server timeout 30 s and keep-alive 15 s', () => {
    const connection = buildHubConnection('http://127.0.0.1:5080/candles-hub');
    expect(connection.serverTimeoutInMilliseconds).toBe(30_000);
    expect(connection.keepAliveIntervalInMilliseconds).toBe(15_000);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });
});

describe('createSignalRConnection', () => {
  it('returns a port whose registrations each return their own teardown', () => {
    const port = createSignalRConnection('http://127.0.0.1:5080/candles-hub');
    const offs = [
      port.on('CandleUpdate', () => undefined),
      port.onClose(() => undefined),
      port.onReconnecting(() => undefined),
      port.onReconnected(() => undefined),
    ];
    expect(offs.every((off) => typeof off === 'function')).toBe(true);
    expect(() => offs.forEach((off) => off())).not.toThrow();
  });
});
