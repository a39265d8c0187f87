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
 * Verifies Google ID tokens against Google's published keys (fetched and cached by jose):
 * RS256 signature, issuer, audience = our client id, expiry (by the server's clock) and a
 * verified e-mail. There is no other path: a token is either verified here or refused.
 */
export function createGoogleVerifier({ clientId, jwksUrl, clock }: { clientId: string; jwksUrl: string; clock: Clock }) {
  // jose is loaded by the first Google sign-in rather than at every start; the key set (and
  // jose's cache of Google's keys in it) is made once.
  let loaded: Promise<{ jose: typeof Jose; keys: ReturnType<typeof Jose.createRemoteJWKSet> }> | undefined;

  return async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
    loaded ??= import('jose').then((jose) => ({ jose, keys: jose.createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 }) }));
    const { jose, keys } = await loaded;
    let payload;
    try {
      ({ payload } = await jose.jwtVerify(credential, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(clock.now()),
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
