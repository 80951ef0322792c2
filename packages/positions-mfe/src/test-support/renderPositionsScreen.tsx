import { render, type RenderResult } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { PositionsScreen } from '../PositionsScreen';
import { PositionStore } from '../store/PositionStore';
import { createTestDatabase } from './createTestDatabase';
import { FakeMarket } from './FakeMarket';

/** The screen as the shell shows it (with the one toaster), on a fresh database and a fake market. */
export function renderPositionsScreen(
  options: { store?: PositionStore; market?: FakeMarket } = {},
): RenderResult & { store: PositionStore; market: FakeMarket } {
  const store = options.store ?? new PositionStore(createTestDatabase());
  const market = options.market ?? new FakeMarket();
  const result = render(
    <SnackbarProvider maxSnack={1} autoHideDuration={5000}>
      <PositionsScreen store={store} market={market} />
    </SnackbarProvider>,
  );
  return { ...result, store, market };
}
