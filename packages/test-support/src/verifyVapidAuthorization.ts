import crypto from 'node:crypto';
import { p256PublicKeyFromRaw } from './p256PublicKeyFromRaw';

/** RFC 8292 §2: a push service rejects tokens that expire more than 24 hours ahead. */
export const VAPID_MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/** A VAPID token that checked out. */
export interface VerifiedVapid {
  readonly ok: true;
  /** `k`: the application server's public key, base64url. */
  readonly publicKey: string;
  readonly audience: string;
  readonly subject: string;
  /** `exp`, Unix seconds. */
  readonly expiresAt: number;
}

/** Why a request's VAPID authorization was refused: 401 when absent, 403 when invalid. */
export interface RejectedVapid {
  readonly ok: false;
  readonly status: 401 | 403;
  readonly reason: string;
}

function parseJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header as a push service does (RFC 8292): an
 * ES256 signature by `k`, `aud` equal to the push service's origin, `exp` in the future but at
 * most 24 hours ahead, a `mailto:`/`https:` subject, and — when the subscription was made with an
 * application server key — `k` equal to that key.
 */
export function verifyVapidAuthorization(
  header: string | undefined,
  expected: {
    readonly audience: string;
    readonly nowSeconds: number;
    readonly applicationServerKey?: string;
  },
): VerifiedVapid | RejectedVapid {
  if (header === undefined || header.trim() === '') {
    return { ok: false, status: 401, reason: 'missing Authorization header' };
  }
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match)
    return {
      ok: false,
      status: 401,
      reason: `Authorization scheme is not vapid: '${header.slice(0, 16)}…'`,
    };
  const params = new Map<string, string>();
  for (const part of (match[1] ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key)
    return { ok: false, status: 401, reason: 'vapid authorization lacks t= or k=' };

  const reject = (reason: string): RejectedVapid => ({ ok: false, status: 403, reason });
  const segments = token.split('.');
  if (segments.length !== 3) return reject(`JWT must have 3 segments, got ${segments.length}`);
  const [headerSegment = '', claimsSegment = '', signatureSegment = ''] = segments;
  const jwtHeader = parseJson(headerSegment);
  const claims = parseJson(claimsSegment);
  if (!jwtHeader || !claims) return reject('JWT header or claims are not base64url JSON');
  if (jwtHeader.alg !== 'ES256')
    return reject(`JWT alg must be ES256, got ${String(jwtHeader.alg)}`);

  let publicKey: crypto.KeyObject;
  try {
    publicKey = p256PublicKeyFromRaw(Buffer.from(key, 'base64url'));
  } catch (error: unknown) {
    return reject(`k is not a P-256 public key: ${(error as Error).message}`);
  }
  const signature = Buffer.from(signatureSegment, 'base64url');
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${headerSegment}.${claimsSegment}`, 'latin1'),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) return reject('JWT signature does not verify with k');
  if (expected.applicationServerKey !== undefined && key !== expected.applicationServerKey) {
    return reject('k is not the application server key the subscription was made with');
  }
  if (claims.aud !== expected.audience) {
    return reject(`aud must be ${expected.audience}, got ${String(claims.aud)}`);
  }
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    return reject('exp is missing or not a number');
  if (exp <= expected.nowSeconds)
    return reject(`token expired at ${exp} (now ${expected.nowSeconds})`);
  if (exp > expected.nowSeconds + VAPID_MAX_LIFETIME_SECONDS) {
    return reject(`exp ${exp} is more than 24 h ahead of ${expected.nowSeconds}`);
  }
  const subject = claims.sub;
  if (typeof subject !== 'string' || !/^(mailto:|https:)/.test(subject)) {
    return reject(`sub must be a mailto: or https: contact, got ${String(subject)}`);
  }
  return { ok: true, publicKey: key, audience: claims.aud, subject, expiresAt: exp };
}
