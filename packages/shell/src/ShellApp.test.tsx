import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RemoteComponentLoader } from './federation/loadRemoteComponent';
import { ShellApp } from './ShellApp';
import { KEPT_MARKET_SOURCE_KEY } from './status/KeptMarketSource';

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

/**
 * Renders the shell and waits until the frame was drawn with the `/status` answer: before that the
 * chip is absent whatever the source, so an absence would prove nothing.
 */
async function renderUntilStatusApplied(source: string) {
  const fetchFn = statusFetch(source);
  render(<ShellApp apiUrl="http://api.test" loaders={loaders} fetchFn={fetchFn} />);
  const banner = screen.getByRole('banner');
  expect(banner).toHaveAttribute('data-market-source', 'unknown');
  await waitFor(() => expect(banner).toHaveAttribute('data-market-source', source));
  return fetchFn;
}

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

  it('shows the chip from its first render when the market source was known at start', () => {
    // The first screen asked /status before React: the frame must not render without the chip
    // and then move when it comes (the first chart would move with it).
    const fetchFn = statusFetch('simulator');
    render(
      <ShellApp
        apiUrl="http://api.test"
        loaders={loaders}
        initialMarketSource="simulator"
        fetchFn={fetchFn}
      />,
    );
    expect(screen.getByRole('banner')).toHaveAttribute('data-market-source', 'simulator');
    expect(screen.getByText('Simulated market')).toBeInTheDocument();
    // Not asked again on mount; again when the tab comes back.
    expect(fetchFn).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchFn).toHaveBeenCalledWith('http://api.test/status', expect.anything());
  });

  it('labels from the kept source while the api is out of reach, asking it on mount, and keeps what it answers', async () => {
    // Offline: the kept candles were simulated, and stay labelled as such.
    const offline = jest.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { unmount } = render(
      <ShellApp
        apiUrl="http://api.test"
        loaders={loaders}
        keptMarketSource="simulator"
        fetchFn={offline}
      />,
    );
    expect(screen.getByText('Simulated market')).toBeInTheDocument();
    await waitFor(() =>
      expect(offline).toHaveBeenCalledWith('http://api.test/status', expect.anything()),
    );
    expect(screen.getByText('Simulated market')).toBeInTheDocument();
    unmount();
    // Online: the answer replaces the kept source, and is kept for the next visit.
    window.localStorage.clear();
    render(
      <ShellApp
        apiUrl="http://api.test"
        loaders={loaders}
        keptMarketSource="simulator"
        fetchFn={statusFetch('binance')}
      />,
    );
    await waitFor(() => expect(screen.queryByText('Simulated market')).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(KEPT_MARKET_SOURCE_KEY)!)).toMatchObject({
      source: 'binance',
    });
  });

  it('shows the "Simulated market" chip once /status says the api runs on the simulator', async () => {
    const fetchFn = await renderUntilStatusApplied('simulator');
    expect(fetchFn).toHaveBeenCalledWith('http://api.test/status', expect.anything());
    expect(screen.getByText('Simulated market')).toBeVisible();
  });

  it('shows no chip once /status says the api runs on the real market', async () => {
    const fetchFn = await renderUntilStatusApplied('binance');
    expect(fetchFn).toHaveBeenCalledWith('http://api.test/status', expect.anything());
    expect(screen.queryByText('Simulated market')).not.toBeInTheDocument();
  });

  it('moves the focus to the "Notifications (F8)" toast landmark on F8', async () => {
    render(
      <ShellApp apiUrl="http://api.test" loaders={loaders} fetchFn={statusFetch('binance')} />,
    );
    await screen.findByRole('heading', { name: 'Alerts screen' });
    await userEvent.keyboard('{F8}');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });
});
