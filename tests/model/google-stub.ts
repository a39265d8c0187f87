// A stand-in for Google's key endpoint on 127.0.0.1 and ID tokens signed with its key, so the real
// server verifies Google credentials exactly as in production (docs/decisions/007).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll } from 'vitest';

export const GOOGLE_CLIENT_ID = '1234567890-portal.apps.googleusercontent.com';

/** Registers hooks that set env.GOOGLE_JWKS_URL before the test server (registered after) starts. */
export function useGoogleStub(env: NodeJS.ProcessEnv) {
  let server: Server | undefined;
  let key: CryptoKey | undefined;
  let serial = 0;
  let down = false;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'model-key', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      if (down) res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return {
    /** Google's key endpoint fails (HTTP 503) until the returned repair runs. */
    keysDown(): () => Promise<void> {
      down = true;
      return async () => {
        down = false;
      };
    },
    /** A Google ID token for `email`, issued now by the server's clock. */
    credential(email: string, nowMs: number) {
      const iat = Math.floor(nowMs / 1000);
      return new SignJWT({ email, email_verified: true, name: 'Model Walk' })
        .setProtectedHeader({ alg: 'RS256', kid: 'model-key', typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT_ID)
        .setSubject(`model-sub-${++serial}-${iat}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(key!);
    },
  };
}
