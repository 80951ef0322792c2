import { describe, expect, it } from '@jest/globals';
import { createTheme } from '@mui/material/styles';
import { stackedTableOnPhones } from './stackedTableOnPhones';

describe('stackedTableOnPhones', () => {
  it('names each cell after its column below 600 px, and aligns the actions cell right', () => {
    const theme = createTheme();
    const sx = stackedTableOnPhones(['Symbol', 'Side']) as (t: typeof theme) => object;
    const phone = (sx(theme) as Record<string, Record<string, Record<string, unknown>>>)[
      theme.breakpoints.down('sm')
    ]!;

    expect(phone['& tbody td:not([colspan]):nth-of-type(1)']?.['&::before']).toMatchObject({
      content: '"Symbol"',
    });
    expect(phone['& tbody td:not([colspan]):nth-of-type(2)']?.['&::before']).toMatchObject({
      content: '"Side"',
    });
    expect(phone['& tbody td:not([colspan]):nth-of-type(3)']).toEqual({ textAlign: 'right' });
  });
});
