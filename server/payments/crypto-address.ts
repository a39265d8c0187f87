import { createHash } from 'node:crypto';

/**
 * Receiving addresses in each chain's own format, so a wallet app (or a tester's validator)
 * accepts them: Bitcoin and Litecoin SegWit v0 addresses in bech32 (BIP-173) on their test
 * networks, Tron addresses in base58check, Ethereum addresses as 20 bytes of lowercase hex (valid
 * without the optional EIP-55 mixed-case checksum, which needs Keccak-256). The 20 bytes are the
 * caller's (derived from the payment), not a key anyone holds: the sandbox chain pays them.
 */

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i]!;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

/** Regroups bits (8 → 5 for encoding, 5 → 8 for decoding), as BIP-173's reference does. */
function convertBits(data: Iterable<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max);
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0)) throw new Error('invalid padding');
  return out;
}

/** A SegWit version-0 address (P2WPKH for 20 bytes) with the network's human-readable part. */
export function segwitAddress(hrp: string, program: Uint8Array): string {
  const data = [0, ...convertBits(program, 8, 5, true)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_ALPHABET[d]).join('')}`;
}

/** Reads a bech32 SegWit address back: its network part, version and program, or undefined. */
export function decodeSegwitAddress(address: string): { hrp: string; version: number; program: Uint8Array } | undefined {
  const lower = address.toLowerCase();
  if (lower !== address && address.toUpperCase() !== address) return undefined;
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length || lower.length > 90) return undefined;
  const hrp = lower.slice(0, sep);
  const data = [...lower.slice(sep + 1)].map((c) => BECH32_ALPHABET.indexOf(c));
  if (data.some((d) => d < 0) || polymod([...hrpExpand(hrp), ...data]) !== 1) return undefined;
  const [version, ...words] = data.slice(0, -6);
  try {
    return { hrp, version: version!, program: Uint8Array.from(convertBits(words, 5, 8, false)) };
  } catch {
    return undefined;
  }
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** Base58 with a 4-byte double-SHA-256 checksum (Bitcoin's base58check, which Tron uses). */
export function base58check(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58_ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The payload of a base58check string when its checksum holds, else undefined. */
export function decodeBase58check(text: string): Buffer | undefined {
  let n = 0n;
  for (const c of text) {
    const d = BASE58_ALPHABET.indexOf(c);
    if (d < 0) return undefined;
    n = n * 58n + BigInt(d);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  if (bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(-4)) ? payload : undefined;
}

/** The networks the sandbox chain knows, with how each writes an address for 20 bytes. */
export const cryptoNetworks = {
  // Test networks: the sandbox's coins are worth nothing, as testnet coins are.
  bitcoin: (hash: Uint8Array) => segwitAddress('tb', hash),
  litecoin: (hash: Uint8Array) => segwitAddress('tltc', hash),
  ERC20: (hash: Uint8Array) => `0x${Buffer.from(hash).toString('hex')}`,
  // Tron: version byte 0x41 and the 20 bytes, in base58check (addresses start with T).
  TRC20: (hash: Uint8Array) => base58check(Buffer.concat([Buffer.from([0x41]), hash])),
} as const;
export type CryptoNetwork = keyof typeof cryptoNetworks;
export const isCryptoNetwork = (n: string): n is CryptoNetwork => Object.hasOwn(cryptoNetworks, n);

/** Whether `address` is a 20-byte address of `network`, as the chain would take it (a refund address, docs/decisions/058). */
export function isAddressOf(network: CryptoNetwork, address: string): boolean {
  if (network === 'ERC20') return /^0x[0-9a-fA-F]{40}$/.test(address);
  if (network === 'TRC20') {
    const payload = decodeBase58check(address);
    return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
  }
  const segwit = decodeSegwitAddress(address);
  return segwit !== undefined && segwit.hrp === (network === 'bitcoin' ? 'tb' : 'tltc') && segwit.version === 0 && segwit.program.length === 20;
}
