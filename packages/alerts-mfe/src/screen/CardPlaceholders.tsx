import Box from '@mui/material/Box';
import { CARD_PLACEHOLDERS } from '../firstScreen/cardPlaceholders';

const { newAlert, yourAlerts } = CARD_PLACEHOLDERS;

/** An outlined card's frame (Card variant="outlined"), empty: hidden from assistive technology. */
function Placeholder({ name, height }: { name: string; height: number | Record<string, number> }) {
  return (
    <Box
      aria-hidden="true"
      data-placeholder={name}
      sx={{
        boxSizing: 'border-box',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}

/**
 * Where New Alert and Your alerts will be, kept from the first commit until they render: the
 * static first screen's placeholders, in React (firstScreen/cardPlaceholders.ts).
 */
export function CardPlaceholders() {
  return (
    <>
      <Placeholder name="new-alert" height={newAlert} />
      <Placeholder name="your-alerts" height={{ xs: yourAlerts.phone, sm: yourAlerts.wider }} />
    </>
  );
}
