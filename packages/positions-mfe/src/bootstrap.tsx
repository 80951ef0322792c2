// The standalone page (`pnpm dev`, port 8082): what the shell provides to the exposed route —
// theme, the one toaster, a router and the market-data client — provided here instead.
import { configureMarketData } from '@pairwatch/market-data';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { SnackbarProvider } from 'notistack';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import PositionsRoute from './exposed/PositionsRoute';

/** The api the standalone page talks to; `?apiUrl=` overrides it. */
const DEFAULT_API_URL = 'http://127.0.0.1:5080';

configureMarketData({
  apiUrl: new URLSearchParams(window.location.search).get('apiUrl') ?? DEFAULT_API_URL,
});

const container = document.getElementById('root');
if (!container)
  throw new Error('The page has no #root element to render the Positions screen into');

createRoot(container).render(
  <StrictMode>
    <PairwatchThemeProvider>
      <SnackbarProvider maxSnack={1} autoHideDuration={5000}>
        <BrowserRouter>
          <PositionsRoute />
        </BrowserRouter>
      </SnackbarProvider>
    </PairwatchThemeProvider>
  </StrictMode>,
);
