import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { type RemoteComponentLoader } from './federation/loadRemoteComponent';
import { ShellApp } from './ShellApp';

function statusFetch(source: string) {
  return jest.fn<typeof fetch>(
    async () =>
      ({
        ok: true,
        status: 200,
        json: async () => ({ marketData: { source, connected: true } }),
      }) as Response,
  );
}

const loaders = {
  alerts: jest.fn<RemoteComponentLoader>(async () => () => <h1>Alerts screen</h1>),
  positions: jest.fn<RemoteComponentLoader>(async () => () => <h1>Positions screen</h1>),
};

describe('ShellApp', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens on the alerts screen, with the screen dropdown at the top', async () => {
    render(
      <ShellApp apiUrl="http://api.test" loaders={loaders} fetchFn={statusFetch('binance')} />,
    );
    expect(await screen.findByRole('heading', { name: 'Alerts screen' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/alerts');
    expect(screen.getByRole('combobox', { name: 'Screen' })).toHaveTextContent('Alerts');
  });

  it('shows the "Simulated market" chip when the api runs on the simulator', async () => {
    const fetchFn = statusFetch('simulator');
    render(<ShellApp apiUrl="http://api.test" loaders={loaders} fetchFn={fetchFn} />);
    expect(await screen.findByText('Simulated market')).toBeInTheDocument();
    expect(fetchFn).toHaveBeenCalledWith('http://api.test/status', expect.anything());
  });

  it('shows no chip on the real market', async () => {
    const fetchFn = statusFetch('binance');
    render(<ShellApp apiUrl="http://api.test" loaders={loaders} fetchFn={fetchFn} />);
    await screen.findByRole('heading', { name: 'Alerts screen' });
    await Promise.resolve(fetchFn.mock.results[0]?.value);
    expect(screen.queryByText('Simulated market')).not.toBeInTheDocument();
  });
});
