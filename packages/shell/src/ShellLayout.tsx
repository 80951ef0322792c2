import { type ReactNode, useRef } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ScreenSelect } from './routing/ScreenSelect';
import { type MarketSource } from './status/fetchMarketSource';
import { SimulatedMarketChip } from './status/SimulatedMarketChip';
import { useHeaderScrollPadding } from './useHeaderScrollPadding';

/** Props of {@link ShellLayout}. */
export interface ShellLayoutProps {
  readonly marketSource: MarketSource | undefined;
  readonly children?: ReactNode;
}

/** The frame around every screen: the product name, the screen dropdown, the market chip. */
export function ShellLayout({ marketSource, children }: ShellLayoutProps) {
  const header = useRef<HTMLElement>(null);
  useHeaderScrollPadding(header);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* The source the frame was drawn with, so tests can tell "no chip yet" from "no chip". */}
      <AppBar
        ref={header}
        position="sticky"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
        data-market-source={marketSource ?? 'unknown'}
      >
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            Pairwatch
          </Typography>
          <ScreenSelect />
          <Box sx={{ flexGrow: 1 }} />
          <SimulatedMarketChip source={marketSource} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}
