import { describe, expect, it } from 'vitest';
import { buildBoleto, dueDateFactor, formatDigitableLine } from './boleto';
import { buildBrCode, crc16ccitt, parseBrCode } from './pix-brcode';

// Independent implementations, written differently on purpose: a table-free CRC over bits and
// check digits computed from the published algorithm's other formulation.
function crcReference(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    for (let bit = 7; bit >= 0; bit--) {
      const inBit = (byte >> bit) & 1;
      const top = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ inBit) crc ^= 0x1021;
    }
  }
  return crc;
}

function mod10Reference(digits: string): number {
  const products = [...digits].reverse().map((d, i) => Number(d) * (i % 2 === 0 ? 2 : 1));
  const sum = products
    .join('')
    .split('')
    .reduce((a, d) => a + Number(d), 0);
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
}

function mod11Reference(digits: string): number {
  // As FEBRABAN words it: multiply the digits, right to left, by the sequence 2 to 9, restarting at 2.
  let weight = 2;
  let sum = 0;
  for (const d of [...digits].reverse()) {
    sum += Number(d) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  return r > 9 || r === 0 ? 1 : r;
}

describe('PIX BR Code', () => {
  it('CRC-16/CCITT-FALSE matches the standard check value and the reference', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
    for (const s of ['', 'A', '000201', 'pix çá']) expect(parseInt(crc16ccitt(s), 16)).toBe(crcReference(s));
  });

  it('builds a payload with the EMV fields the Banco Central specifies', () => {
    const code = buildBrCode({ key: 'pix@aurora.example', merchantName: 'Aurora TV Serviços', merchantCity: 'São Paulo', amountMinor: 2990, txid: 'ORD42ABC' });
    const f = parseBrCode(code);
    expect(f.get('00')).toBe('01');
    expect(f.get('01')).toBe('12');
    expect(f.get('26')).toBe('0014br.gov.bcb.pix0118pix@aurora.example');
    expect(f.get('52')).toBe('0000');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('29.90');
    expect(f.get('58')).toBe('BR');
    expect(f.get('59')).toBe('Aurora TV Servicos');
    expect(f.get('60')).toBe('Sao Paulo');
    expect(f.get('62')).toBe('0508ORD42ABC');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(parseInt(code.slice(-4), 16)).toBe(crcReference(code.slice(0, -4)));
  });

  it('a changed character breaks the CRC', () => {
    const code = buildBrCode({ key: 'k', merchantName: 'A', merchantCity: 'B', amountMinor: 100, txid: 'T1' });
    expect(() => parseBrCode(code.replace('1.00', '9.00'))).toThrow(/CRC/);
  });

  it('refuses amounts and txids the standard does not allow', () => {
    const base = { key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'T1' };
    expect(() => buildBrCode({ ...base, amountMinor: 0 })).toThrow();
    expect(() => buildBrCode({ ...base, amountMinor: 10.5 })).toThrow();
    expect(() => buildBrCode({ ...base, amountMinor: 100, txid: 'has space' })).toThrow();
  });
});

describe('boleto barcode and digitable line', () => {
  it('due-date factor: 1000 on 2000-07-03, 9999 on 2025-02-21, back to 1000 on 2025-02-22', () => {
    expect(dueDateFactor(new Date(Date.UTC(2000, 6, 3)))).toBe('1000');
    expect(dueDateFactor(new Date(Date.UTC(2025, 1, 21)))).toBe('9999');
    expect(dueDateFactor(new Date(Date.UTC(2025, 1, 22)))).toBe('1000');
    expect(dueDateFactor(new Date(Date.UTC(2026, 10, 27)))).toBe(String(1000 + 643));
  });

  const due = new Date(Date.UTC(2026, 10, 27));
  const slip = buildBoleto({ bankCode: '001', amountMinor: 29990, due, freeField: '0000001234567000000004218' });

  it('has 44 and 47 digits laid out as FEBRABAN says', () => {
    expect(slip.barcode).toMatch(/^\d{44}$/);
    expect(slip.digitableLine).toMatch(/^\d{47}$/);
    expect(slip.barcode.slice(0, 4)).toBe('0019');
    expect(slip.barcode.slice(5, 9)).toBe(dueDateFactor(due));
    expect(slip.barcode.slice(9, 19)).toBe('0000029990');
    expect(slip.barcode.slice(19)).toBe('0000001234567000000004218');
  });

  it('every check digit verifies with the reference implementations', () => {
    const { barcode, digitableLine: l } = slip;
    expect(Number(barcode[4])).toBe(mod11Reference(barcode.slice(0, 4) + barcode.slice(5)));
    expect(Number(l[9])).toBe(mod10Reference(l.slice(0, 9)));
    expect(Number(l[20])).toBe(mod10Reference(l.slice(10, 20)));
    expect(Number(l[31])).toBe(mod10Reference(l.slice(21, 31)));
    expect(l[32]).toBe(barcode[4]);
    expect(l.slice(33)).toBe(barcode.slice(5, 19));
  });

  it('the digitable line rebuilds the barcode', () => {
    const l = slip.digitableLine;
    const rebuilt = l.slice(0, 4) + l[32] + l.slice(33) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
    expect(rebuilt).toBe(slip.barcode);
  });

  it('check digits hold across many random slips', () => {
    for (let n = 0; n < 200; n++) {
      const free = Array.from({ length: 25 }, () => Math.floor(Math.random() * 10)).join('');
      const b = buildBoleto({ bankCode: '237', amountMinor: 1 + Math.floor(Math.random() * 1e7), due, freeField: free });
      expect(Number(b.barcode[4])).toBe(mod11Reference(b.barcode.slice(0, 4) + b.barcode.slice(5)));
      expect(Number(b.digitableLine[9])).toBe(mod10Reference(b.digitableLine.slice(0, 9)));
    }
  });

  it("prints in the banks' grouping", () => {
    expect(formatDigitableLine(slip.digitableLine)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });
});
