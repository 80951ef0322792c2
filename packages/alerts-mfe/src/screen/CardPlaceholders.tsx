import Box from '@mui/material/Box';
import { CARD_PLACEHOLDERS } from '../firstScreen/cardPlaceholders';

/** An outlined card's frame (Card variant="outlined"), empty: hidden from assistive technology. */
function Placeholder({ height, name }: { height: { sideBySide: number; stacked: number }; name: string }) {
  return (
    <Box
      aria-hidden="true"
      data-placeholder={name}
      sx={{
        boxSizing: 'border-box',
        height: { xs: height.stacked, md: height.sideBySide },
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
      <Placeholder height={CARD_PLACEHOLDERS.newAlert} name="new-alert" />
      <Placeholder height={CARD_PLACEHOLDERS.yourAlerts} name="your-alerts" />
    </>
  );
}
