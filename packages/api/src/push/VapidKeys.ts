/** The application server's Web Push identity (RFC 8292). */
export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's `applicationServerKey`. */
  readonly publicKey: string;
  /** P-256 private key (32 bytes), base64url. */
  readonly privateKey: string;
  /** `mailto:` or `https:` contact sent in every token. */
  readonly subject: string;
}
