import { type CatalogueStorage } from '../SymbolCatalogueStore';

/** A Web Storage stand-in that can refuse writes like a full (or private-mode) `localStorage`. */
export class FakeStorage implements CatalogueStorage {
  readonly items = new Map<string, string>();
  /** While set, `setItem` throws a `QuotaExceededError`. */
  full = false;
  /** While set, `getItem` throws, as a blocked storage does. */
  blocked = false;

  getItem(key: string): string | null {
    if (this.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
}
