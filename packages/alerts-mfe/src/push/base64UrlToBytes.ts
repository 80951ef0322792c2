/**
 * Decodes base64url (RFC 4648 §5, padding optional), the encoding of VAPID application server keys.
 *
 * @throws TypeError when the text is not base64url.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) {
    throw new TypeError(`Not base64url: '${text.slice(0, 16)}${text.length > 16 ? '…' : ''}'`);
  }
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
