import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { EmptyTableRow } from './EmptyTableRow';

describe('EmptyTableRow', () => {
  it('spans every column with its message', () => {
    render(
      <table>
        <tbody>
          <EmptyTableRow colSpan={6} message="No alerts" />
        </tbody>
      </table>,
    );
    const cell = screen.getByRole('cell', { name: 'No alerts' });
    expect(cell).toHaveAttribute('colspan', '6');
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
