import { describe, expect, it, jest } from '@jest/globals';
import { openNotificationTarget } from './openNotificationTarget';
import { type ClientsLike, type WindowClientLike } from './workerTypes';

const ORIGIN = 'http://127.0.0.1:8080';

function fakeWindow(url: string, focused = false) {
  const calls: string[] = [];
  const client: WindowClientLike & { calls: string[] } = {
    url,
    focused,
    calls,
    focus: jest.fn(async () => {
      calls.push('focus');
    }),
    navigate: jest.fn(async (to: string) => {
      calls.push(`navigate ${to}`);
    }),
  };
  return client;
}

function fakeClients(windows: WindowClientLike[]) {
  return {
    matchAll: jest.fn<ClientsLike['matchAll']>(async () => windows),
    openWindow: jest.fn<ClientsLike['openWindow']>(async () => undefined),
    claim: jest.fn<ClientsLike['claim']>(async () => undefined),
  };
}

describe('openNotificationTarget', () => {
  it('focuses an open app window first, then navigates it to the URL', async () => {
    const open = fakeWindow(`${ORIGIN}/positions`);
    const clients = fakeClients([open]);
    await openNotificationTarget(clients, '/alerts?symbol=ETHUSDT&interval=OneHour', ORIGIN);
    expect(open.calls).toEqual([
      'focus',
      `navigate ${ORIGIN}/alerts?symbol=ETHUSDT&interval=OneHour`,
    ]);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused window among several', async () => {
    const background = fakeWindow(`${ORIGIN}/alerts`);
    const focused = fakeWindow(`${ORIGIN}/positions`, true);
    await openNotificationTarget(fakeClients([background, focused]), '/alerts', ORIGIN);
    expect(focused.calls).toEqual(['focus', `navigate ${ORIGIN}/alerts`]);
    expect(background.calls).toEqual([]);
  });

  it('only focuses a window already showing the URL', async () => {
    const open = fakeWindow(`${ORIGIN}/alerts`);
    await openNotificationTarget(fakeClients([open]), '/alerts', ORIGIN);
    expect(open.calls).toEqual(['focus']);
  });

  it('opens a new window when none of the app is open', async () => {
    const clients = fakeClients([fakeWindow('http://elsewhere.test/')]);
    await openNotificationTarget(clients, '/alerts?symbol=BTCUSDT', ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/alerts?symbol=BTCUSDT`);
  });

  it('never leads to another origin', async () => {
    const clients = fakeClients([]);
    await openNotificationTarget(clients, 'https://phishing.test/login', ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/alerts`);
  });
});
