import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Banner } from './Banner';

describe('Banner', () => {
  it('shows its message word for word', () => {
    const message =
      'Your browser does not support push notifications. If you are on mobile, you need to add the app to your home screen from a supported browser.';
    render(<Banner severity="warning">{message}</Banner>);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('runs its action when the link is clicked', async () => {
    const onClick = jest.fn();
    render(
      <Banner severity="info" action={{ label: 'Enable notifications', onClick }}>
        To create and receive alerts, please enable push notifications in your browser.
      </Banner>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
