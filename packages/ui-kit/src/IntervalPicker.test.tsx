import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Interval } from '@pairwatch/domain';
import { IntervalPicker } from './IntervalPicker';

function renderPicker(value: Interval, intervals?: readonly Interval[]) {
  const onChange = jest.fn<(interval: Interval) => void>();
  render(<IntervalPicker value={value} onChange={onChange} intervals={intervals} />);
  return { onChange, user: userEvent.setup() };
}

describe('IntervalPicker', () => {
  it('labels the intervals 1m to 1M with their wire names as values', () => {
    renderPicker('OneMinute');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('value')])).toEqual([
      ['1m', 'OneMinute'],
      ['5m', 'FiveMinutes'],
      ['15m', 'FifteenMinutes'],
      ['1h', 'OneHour'],
      ['4h', 'FourHour'],
      ['1d', 'OneDay'],
      ['1w', 'OneWeek'],
      ['1M', 'OneMonth'],
    ]);
  });

  it('marks the selected interval as pressed', () => {
    renderPicker('FourHour');
    expect(screen.getByRole('button', { name: '4h' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('group', { name: 'Interval' })).toBeInTheDocument();
  });

  it('reports the interval the user picks', async () => {
    const { onChange, user } = renderPicker('OneMinute');
    await user.click(screen.getByRole('button', { name: '1M' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('OneMonth');
  });

  it('keeps the selection when the selected interval is clicked again', async () => {
    const { onChange, user } = renderPicker('OneDay');
    await user.click(screen.getByRole('button', { name: '1d' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers only the given intervals', () => {
    renderPicker('OneHour', ['OneHour', 'OneDay']);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['1h', '1d']);
  });
});
