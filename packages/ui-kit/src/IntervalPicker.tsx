import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { INTERVAL_INFO, INTERVALS, type Interval } from '@pairwatch/domain';

/** Props of {@link IntervalPicker}. */
export interface IntervalPickerProps {
  /** The selected interval. */
  readonly value: Interval;
  /** Called with the new interval when the user picks a different one. */
  readonly onChange: (interval: Interval) => void;
  /** The intervals offered, in display order; all of them (1m … 1M) by default. */
  readonly intervals?: readonly Interval[];
  readonly disabled?: boolean;
  /** Accessible name of the group; 'Interval' by default. */
  readonly 'aria-label'?: string;
}

/**
 * A row of toggle buttons labelled 1m 5m 15m 1h 4h 1d 1w 1M whose values are the wire names
 * (`OneMinute` … `OneMonth`). Exactly one is always selected: clicking the selected one again
 * changes nothing.
 *
 * @example
 * ```tsx
 * <IntervalPicker value={interval} onChange={setInterval} />
 * ```
 */
export function IntervalPicker({
  value,
  onChange,
  intervals = INTERVALS,
  disabled = false,
  'aria-label': ariaLabel = 'Interval',
}: IntervalPickerProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      disabled={disabled}
      aria-label={ariaLabel}
      onChange={(_event, next: Interval | null) => {
        // MUI reports null when the selected button is clicked again; keep the selection.
        if (next !== null && next !== value) onChange(next);
      }}
    >
      {intervals.map((interval) => (
        <ToggleButton key={interval} value={interval} sx={{ px: 1.25, textTransform: 'none' }}>
          {INTERVAL_INFO[interval].label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
