import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/dom';
import { AutoScaleButton } from './AutoScaleButton';

const COLORS = { text: 'rgb(1, 2, 3)', background: 'rgb(4, 5, 6)', border: 'rgb(7, 8, 9)' };

describe('AutoScaleButton', () => {
  let host: HTMLDivElement;
  let clicks: number;
  let button: AutoScaleButton;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    clicks = 0;
    button = new AutoScaleButton(host, COLORS, () => {
      clicks += 1;
    });
  });

  afterEach(() => {
    button.dispose();
    host.remove();
  });

  it('is hidden until the scale is set by hand', () => {
    expect(screen.queryByRole('button', { name: 'Auto-scale price axis' })).toBeNull();
    expect(button.shown).toBe(false);
  });

  it('sits at the bottom of the price axis, inside it, as a named button in the tab order', () => {
    button.show({ left: 600, width: 64, height: 354 });
    const element = screen.getByRole('button', { name: 'Auto-scale price axis' });
    expect(element.textContent).toBe('auto');
    expect(element.tabIndex).toBe(0);
    expect(element.style).toMatchObject({ left: '603px', width: '58px', top: '333px' });
    expect(element).toHaveStyle({ color: COLORS.text, backgroundColor: COLORS.background });
  });

  it('asks for the automatic scale when clicked, and hides when told', () => {
    button.show({ left: 600, width: 64, height: 354 });
    screen.getByRole('button', { name: 'Auto-scale price axis' }).click();
    expect(clicks).toBe(1);
    button.hide();
    expect(screen.queryByRole('button', { name: 'Auto-scale price axis' })).toBeNull();
  });

  it('leaves the chart when disposed', () => {
    button.dispose();
    expect(host.querySelector('button')).toBeNull();
  });
});
