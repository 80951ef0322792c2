import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadRemoteComponent as loadRemoteComponentWith } from './loadRemoteComponent';
import { type RemoteScreen, REMOTE_SCREENS } from './remoteScreens';

// The federation runtime only works inside a webpack build (RUNTIME-009 otherwise): fake it.
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const loadRemoteComponent = (screen: RemoteScreen) => loadRemoteComponentWith(screen, loadRemote);

describe('loadRemoteComponent', () => {
  beforeEach(() => {
    loadRemote.mockReset();
  });

  it("loads the screen's exposed module and returns its default export", async () => {
    const AlertsRoute = () => null;
    loadRemote.mockResolvedValue({ default: AlertsRoute });
    await expect(loadRemoteComponent(REMOTE_SCREENS.alerts)()).resolves.toBe(AlertsRoute);
    expect(loadRemote).toHaveBeenCalledWith('alerts_mfe/AlertsRoute');
  });

  it('keeps the component it gave, for the screen to render without a fallback', async () => {
    const AlertsRoute = () => null;
    loadRemote.mockResolvedValue({ default: AlertsRoute });
    const load = loadRemoteComponent(REMOTE_SCREENS.alerts);
    expect(load.loaded).toBeUndefined();
    await load();
    expect(load.loaded).toBe(AlertsRoute);
  });

  it('rejects a module without a default-exported component, naming it', async () => {
    loadRemote.mockResolvedValue({ PositionsRoute: () => null });
    await expect(loadRemoteComponent(REMOTE_SCREENS.positions)()).rejects.toThrow(
      'Remote module "positions_mfe/PositionsRoute" has no default-exported React component (got undefined).',
    );
  });

  it('passes the runtime failure on, so the error boundary shows it', async () => {
    loadRemote.mockRejectedValue(
      new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.'),
    );
    await expect(loadRemoteComponent(REMOTE_SCREENS.positions)()).rejects.toThrow('RUNTIME-003');
  });

  it('calls the runtime again on every attempt (a retry is a fresh load)', async () => {
    loadRemote
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ default: () => null });
    const load = loadRemoteComponent(REMOTE_SCREENS.alerts);
    await expect(load()).rejects.toThrow('down');
    await expect(load()).resolves.toEqual(expect.any(Function));
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});
