// A screens walk runs React in jsdom and the reference server in the same process. Vitest's jsdom
// environment gives the page its own Uint8Array, so Node's Buffers (session-token hashes, bytea
// columns) stop being `instanceof Uint8Array` for PGlite, and every insert of a bytea fails. The
// page needs nothing of jsdom's own typed array; Node's goes back in before the server starts.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
