import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { type RemoteComponentLoader } from '../federation/loadRemoteComponent';
import { renderInShell } from '../test-support/renderInShell';
import { ShellRoutes } from './ShellRoutes';

function fakeLoaders() {
  return {
    alerts: jest.fn<RemoteComponentLoader>(async () => () => <h1>Alerts screen</h1>),
    positions: jest.fn<RemoteComponentLoader>(async () => () => <h1>Positions screen</h1>),
  };
}

describe('ShellRoutes', () => {
  it('renders the alerts remote at /alerts', async () => {
    const loaders = fakeLoaders();
    renderInShell(<ShellRoutes loaders={loaders} />, ['/alerts']);
    expect(await screen.findByRole('heading', { name: 'Alerts screen' })).toBeInTheDocument();
    expect(loaders.positions).not.toHaveBeenCalled();
  });

  it('renders the positions remote at /positions', async () => {
    const loaders = fakeLoaders();
    renderInShell(<ShellRoutes loaders={loaders} />, ['/positions']);
    expect(await screen.findByRole('heading', { name: 'Positions screen' })).toBeInTheDocument();
    expect(loaders.alerts).not.toHaveBeenCalled();
  });

  it('redirects an unknown path to /alerts, replacing the history entry', async () => {
    renderInShell(<ShellRoutes loaders={fakeLoaders()} />, ['/positions', '/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Alerts screen' })).toBeInTheDocument();
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/alerts');
    expect(location).toHaveAttribute('data-navigation-type', 'REPLACE');
  });

  it.each([
    ['/positions/', '/positions', 'Positions screen'],
    ['/POSITIONS', '/positions', 'Positions screen'],
    ['/Alerts?symbol=ETHUSDT', '/alerts?symbol=ETHUSDT', 'Alerts screen'],
    ['/alerts//', '/alerts', 'Alerts screen'],
  ])('replaces %s with %s, keeping the query', async (typed, canonical, heading) => {
    renderInShell(<ShellRoutes loaders={fakeLoaders()} />, [typed]);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent(canonical);
    expect(location).toHaveAttribute('data-navigation-type', 'REPLACE');
  });

  it('redirects the root path to /alerts', async () => {
    renderInShell(<ShellRoutes loaders={fakeLoaders()} />, ['/']);
    expect(await screen.findByRole('heading', { name: 'Alerts screen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/alerts');
  });

  it('redirects the disabled Portfolio to /alerts', async () => {
    renderInShell(<ShellRoutes loaders={fakeLoaders()} />, ['/portfolio']);
    expect(await screen.findByRole('heading', { name: 'Alerts screen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/alerts');
  });
});
