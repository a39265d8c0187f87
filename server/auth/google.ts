import type * as Jose from 'jose';
import type { Clock } from '../clock';
import { nicknameFromText } from '../../core/validation/helpers';

/** The issuers Google's ID tokens carry (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  /** Google's stable id of the person; the account is linked by it. */
  sub: string;
  /** Lower-cased; Google vouched for it (email_verified). */
  email: string;
  name: string | undefined;
}

/** Why a credential was refused: the token itself, its e-mail, or Google's keys could not be read. */
export class GoogleTokenError extends Error {
  constructor(
    readonly kind: 'invalid' | 'unverified-email' | 'unavailable',
    cause?: unknown,
  ) {
    super(`Google ID token refused: ${kind}`, { cause });
    this.name = 'GoogleTokenError';
  }
}

// A failure of the token (signature, claims, expiry, algorithm, unknown key) as opposed to a
// failure to fetch Google's keys.
const tokenFailures = ({ errors }: typeof Jose) => [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKInvalid,
];

/**
 * How long Google's keys serve before they are fetched again, counted by the server's clock:
 * jose's own default, which jose keeps counting in real time as well (docs/decisions/075).
 */
export const GOOGLE_KEYS_MAX_AGE_MS = 10 * 60_000;

/**
 * Verifies Google ID tokens against Google's published keys (fetched and cached by jose):
 * RS256 signature, issuer, audience = our client id, expiry (by the server's clock) and a
 * verified e-mail. There is no other path: a token is either verified here or refused.
 */
export function createGoogleVerifier({ clientId, jwksUrl, clock }: { clientId: string; jwksUrl: string; clock: Clock }) {
  // jose is loaded by the first Google sign-in rather than at every start.
  let loaded: Promise<typeof Jose> | undefined;
  // jose's key set (its cache of Google's keys, its cooldown for unknown key ids) and when, by the
  // server's clock, it was made: past the keys' age a new set fetches them again, so the server's
  // time (a moved test clock, the sandbox's) ages them as it ages tokens (docs/decisions/075).
  let keySet: { keys: ReturnType<typeof Jose.createRemoteJWKSet>; madeAt: number } | undefined;
  const keysAt = (jose: typeof Jose, now: number) => {
    if (!keySet || now - keySet.madeAt >= GOOGLE_KEYS_MAX_AGE_MS || now < keySet.madeAt) {
      const keys = jose.createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cacheMaxAge: GOOGLE_KEYS_MAX_AGE_MS });
      keySet = { keys, madeAt: now };
    }
    return keySet.keys;
  };

  return async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
    loaded ??= import('jose');
    const jose = await loaded;
    const now = clock.now();
    const keys = keysAt(jose, now);
    let payload;
    try {
      ({ payload } = await jose.jwtVerify(credential, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(now),
        clockTolerance: 30,
      }));
    } catch (error) {
      if (tokenFailures(jose).some((E) => error instanceof E)) throw new GoogleTokenError('invalid', error);
      throw new GoogleTokenError('unavailable', error);
    }
    const { sub, email, email_verified: emailVerified, name } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || sub === '' || sub.length > 255) throw new GoogleTokenError('invalid');
    if (typeof email !== 'string' || email === '' || email.length > 254 || emailVerified !== true) {
      throw new GoogleTokenError('unverified-email');
    }
    return { sub, email: email.toLowerCase(), name: typeof name === 'string' ? name : undefined };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;

/** A nickname the contract accepts (docs/decisions/040) from the Google profile name, else the e-mail's local part. */
export function nicknameFrom(identity: Pick<GoogleIdentity, 'name' | 'email'>): string {
  return nicknameFromText(identity.name ?? '') || nicknameFromText(identity.email.split('@')[0] ?? '') || 'user';
}
