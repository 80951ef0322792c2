import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PushBanner } from './PushBanner';

describe('PushBanner', () => {
  it('asks to enable push while nothing went wrong', () => {
    render(<PushBanner status="inactive" onEnable={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'enable push notifications' })).toBeInTheDocument();
  });

  it('says how to allow blocked notifications, with no link that could not work', () => {
    render(<PushBanner status="inactive" problem={{ kind: 'denied' }} onEnable={jest.fn()} />);
    expect(screen.getByText(/Notifications are blocked for this site/)).toHaveTextContent(
      'set Notifications to Allow, then reload this page',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why registering failed and offers to try again', async () => {
    const onEnable = jest.fn();
    render(
      <PushBanner
        status="inactive"
        problem={{ kind: 'failed', detail: 'The api is unreachable.' }}
        onEnable={onEnable}
      />,
    );
    expect(
      screen.getByText(/could not be registered for alerts: The api is unreachable/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onEnable).toHaveBeenCalledTimes(1);
  });

  it('says nothing while a granted permission is being registered', () => {
    const { container } = render(
      <PushBanner status="inactive" problem={{ kind: 'registering' }} onEnable={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says in one sentence that this window cannot take push, with no retry that could not help', () => {
    render(
      <PushBanner
        status="inactive"
        problem={{ kind: 'unavailable', detail: 'Registration failed - permission denied' }}
        onEnable={jest.fn()}
      />,
    );
    expect(screen.getByText(/cannot receive push notifications/)).toHaveTextContent(
      'Open Pairwatch in a normal window',
    );
    // The browser's own words contradicted "Notifications are allowed": they are not shown.
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing once push is active', () => {
    const { container } = render(<PushBanner status="active" onEnable={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
