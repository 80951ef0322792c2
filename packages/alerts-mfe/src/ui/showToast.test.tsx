import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { showToast } from './showToast';

describe('showToast', () => {
  it('shows every toast without a key', () => {
    renderWithProviders(<div />);
    act(() => {
      showToast({ variant: 'error', description: 'Boom' });
      showToast({ variant: 'error', description: 'Boom' });
    });
    expect(screen.getAllByText('Boom')).toHaveLength(2);
  });

  it('drops a keyed toast while one with the same key is shown', () => {
    renderWithProviders(<div />);
    act(() => {
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'k' });
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'k' });
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'other' });
    });
    expect(screen.getAllByText('Again')).toHaveLength(2);
  });
});
