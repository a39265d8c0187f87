// One solver of the captcha's proof of work (src/components/captcha-solver.ts). altcha-lib's own
// workers derive with node:crypto; this one uses the browser's WebCrypto.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
