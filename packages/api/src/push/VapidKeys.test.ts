import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_VAPID_SUBJECT, loadVapidKeys, VAPID_KEYS_FILE } from './VapidKeys';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-vapid-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadVapidKeys', () => {
  it('generates a key pair once and gives the same one on the next start', () => {
    const dir = path.join(tempDir(), 'nested', 'data');

    const first = loadVapidKeys({}, dir);
    const second = loadVapidKeys({}, dir);

    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(second).toEqual(first);
    expect(first.subject).toBe(DEFAULT_VAPID_SUBJECT);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('uses the configured keys and subject without writing a file', () => {
    const dir = tempDir();
    const configured = { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.org' };

    expect(loadVapidKeys(configured, dir)).toEqual(configured);
    expect(fs.existsSync(path.join(dir, VAPID_KEYS_FILE))).toBe(false);
  });

  it('refuses a keys file that does not hold a key pair, naming the file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":"x"}');

    expect(() => loadVapidKeys({}, dir)).toThrow(`${path.join(dir, VAPID_KEYS_FILE)} must hold`);
  });
});
