import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
// Dexie's live queries only run where a global indexedDB exists (as in every browser), so the
// in-memory one is installed globally; tests still pass each database its own fresh IDBFactory.
import 'fake-indexeddb/auto';

// jsdom's Blob has no text() (every browser has); read it the older way, through FileReader.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob): Promise<string> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

// IndexedDB answers asynchronously; on a busy machine a live query can take more than the default
// second to re-render, so findBy/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });
