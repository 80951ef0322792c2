import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { SymbolLogo, symbolLogoUrl } from './SymbolLogo';

describe('symbolLogoUrl', () => {
  it('points at /icons/<asset>.svg for a default pair', () => {
    expect(symbolLogoUrl('DOGEUSDT')).toBe('/icons/doge.svg');
  });

  it('uses the given base asset of any other pair', () => {
    expect(symbolLogoUrl('ETHBTC', { baseAsset: 'ETH' })).toBe('/icons/eth.svg');
    expect(symbolLogoUrl('1000SATSUSDT', { baseAsset: '1000SATS' })).toBe('/icons/sats.svg');
  });

  it('guesses no base asset from a pair id it does not know', () => {
    expect(symbolLogoUrl('ETHBTC')).toBeUndefined();
  });

  it('has no URL for an asset without a bundled logo', () => {
    expect(symbolLogoUrl('NOSUCHCOINUSDT', { baseAsset: 'NOSUCHCOIN' })).toBeUndefined();
  });

  it('accepts another base, with or without a trailing slash', () => {
    expect(symbolLogoUrl('USDCUSDT', { baseUrl: 'http://127.0.0.1:8081/icons/' })).toBe(
      'http://127.0.0.1:8081/icons/usdc.svg',
    );
  });
});

describe('SymbolLogo', () => {
  it('shows the bundled logo named after the base asset', () => {
    render(<SymbolLogo symbol="PEPEUSDT" baseAsset="PEPE" size={24} />);
    const logo = screen.getByRole('img', { name: 'PEPE' });
    expect(logo.tagName).toBe('IMG');
    expect(logo).toHaveAttribute('src', '/icons/pepe.svg');
    expect(logo).toHaveAttribute('width', '24');
  });

  it('draws a monogram, never an <img>, for an asset without a logo', () => {
    const { container } = render(<SymbolLogo symbol="NOSUCHCOINUSDT" baseAsset="NOSUCHCOIN" />);
    const badge = screen.getByRole('img', { name: 'NOSUCHCOIN' });
    expect(badge.tagName).not.toBe('IMG');
    expect(badge).toHaveTextContent('NOS');
    expect(container.querySelector('img')).toBeNull();
  });

  it('draws a monogram of the symbol when the base asset is unknown', () => {
    const { container } = render(<SymbolLogo symbol="ETHBTC" />);
    expect(screen.getByRole('img', { name: 'ETHBTC' })).toHaveTextContent('ETH');
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to the monogram when a logo fails to load', () => {
    render(<SymbolLogo symbol="BTCUSDT" />);
    fireEvent.error(screen.getByRole('img', { name: 'BTC' }));
    expect(screen.getByRole('img', { name: 'BTC' }).tagName).not.toBe('IMG');
  });
});
