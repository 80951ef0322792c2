import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, useEffect } from 'react';
import { type RemoteComponentLoader } from '../federation/loadRemoteComponent';
import { REMOTE_SCREENS } from '../federation/remoteScreens';
import { renderInShell } from '../test-support/renderInShell';
import { RemoteScreenView } from './RemoteScreenView';

const PositionsScreen: ComponentType = () => <h1>Positions screen</h1>;

function quietConsole() {
  // React and the boundary log caught errors; the tests assert what the user sees instead.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('RemoteScreenView', () => {
  it("removes the page's first screen once the remote screen, or its fallback, is there", async () => {
    quietConsole();
    const firstScreen = () => {
      document.body.insertAdjacentHTML('beforeend', '<div id="first-screen"></div>');
    };
    // The screen's own effects run first: the Alerts chart adopts the first chart in them.
    let frameAtScreenEffect: boolean | undefined;
    const AdoptingScreen: ComponentType = () => {
      useEffect(() => {
        frameAtScreenEffect = document.getElementById('first-screen') !== null;
      }, []);
      return <h1>Alerts screen</h1>;
    };
    firstScreen();
    const { unmount } = renderInShell(
      <RemoteScreenView screen={REMOTE_SCREENS.alerts} load={async () => AdoptingScreen} />,
    );
    expect(document.getElementById('first-screen')).not.toBeNull();
    await screen.findByRole('heading', { name: 'Alerts screen' });
    expect(frameAtScreenEffect).toBe(true);
    expect(document.getElementById('first-screen')).toBeNull();
    unmount();

    firstScreen();
    renderInShell(
      <RemoteScreenView
        screen={REMOTE_SCREENS.positions}
        load={async () => {
          throw new Error('remote down');
        }}
      />,
    );
    await screen.findByText('Positions is unavailable');
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('shows the remote component once its loader resolves', async () => {
    const load = jest.fn<RemoteComponentLoader>(async () => PositionsScreen);
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.positions} load={load} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Positions' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Positions screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a screen already loaded at once, without the loading fallback', () => {
    const load = Object.assign(
      jest.fn<RemoteComponentLoader>(async () => PositionsScreen),
      {
        loaded: PositionsScreen,
      },
    );
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.positions} load={load} />);
    expect(screen.getByRole('heading', { name: 'Positions screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the fallback with the reason, a retry button and an error toast when the loader rejects', async () => {
    quietConsole();
    const load = jest.fn<RemoteComponentLoader>(async () => {
      throw new Error('RUNTIME-003: Failed to get manifest http://127.0.0.1:8082/mf-manifest.json');
    });
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.positions} load={load} />);
    const fallback = (await screen.findByText('Positions is unavailable')).closest(
      '[role="alert"]',
    );
    expect(fallback).toHaveTextContent('http://127.0.0.1:8082/mf-manifest.json');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(
      await screen.findByText('The Positions screen could not be loaded.'),
    ).toBeInTheDocument();
  });

  it('calls the loader again on retry and shows the screen when it succeeds', async () => {
    quietConsole();
    const load = jest
      .fn<RemoteComponentLoader>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce(PositionsScreen);
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.positions} load={load} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Positions screen' })).toBeInTheDocument();
    expect(screen.queryByText('Positions is unavailable')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the fallback when the retry fails as well', async () => {
    quietConsole();
    const load = jest.fn<RemoteComponentLoader>(async () => {
      throw new Error('still down');
    });
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.alerts} load={load} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('still down')).toBeInTheDocument();
    expect(screen.getByText('Alerts is unavailable')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback when the loaded screen throws while rendering', async () => {
    quietConsole();
    const Crashing: ComponentType = () => {
      throw new Error('render failed');
    };
    renderInShell(<RemoteScreenView screen={REMOTE_SCREENS.alerts} load={async () => Crashing} />);
    expect(await screen.findByText('render failed')).toBeInTheDocument();
    expect(screen.getByText('Alerts is unavailable')).toBeInTheDocument();
  });
});
