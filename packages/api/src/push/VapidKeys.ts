// The api's Web Push identity (VAPID, RFC 8292): what it is and where it comes from.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The application server's Web Push identity (RFC 8292). */
export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's `applicationServerKey`. */
  readonly publicKey: string;
  /** P-256 private key (32 bytes), base64url. */
  readonly privateKey: string;
  /** `mailto:` or `https:` contact sent in every token. */
  readonly subject: string;
}

/** File in `DATA_DIR` that holds the generated keys. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * Contact used when `VAPID_SUBJECT` is unset. Push services accept any `mailto:`; an https
 * localhost subject would be refused by Apple's.
 */
export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@pairwatch.invalid';

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  const candidate = value as { publicKey?: unknown; privateKey?: unknown } | null;
  return (
    typeof candidate?.publicKey === 'string' &&
    Buffer.from(candidate.publicKey, 'base64url').length === 65 &&
    typeof candidate.privateKey === 'string' &&
    Buffer.from(candidate.privateKey, 'base64url').length === 32
  );
}

/**
 * The VAPID identity: from the configuration when its keys are set, else the pair generated once
 * into `dataDir` (created on first start, readable by this user only, and never replaced, since
 * every browser subscription is bound to the public key).
 *
 * @throws Error naming the file when it exists but does not hold a key pair.
 */
export function loadVapidKeys(
  configured: {
    readonly publicKey?: string;
    readonly privateKey?: string;
    readonly subject?: string;
  },
  dataDir: string,
): VapidKeys {
  const subject = configured.subject ?? DEFAULT_VAPID_SUBJECT;
  if (configured.publicKey !== undefined && configured.privateKey !== undefined) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    // 'wx' fails if the file exists, so two processes starting together keep one pair.
    fs.writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return { ...generated, subject };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let stored: unknown;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error: unknown) {
    throw new Error(`${file} is not readable JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!isKeyPair(stored)) {
    throw new Error(`${file} must hold { publicKey, privateKey } (65 and 32 bytes, base64url)`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
