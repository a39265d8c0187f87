/**
 * The PIX "BR Code": an EMV Merchant-Presented QR payload as the Banco Central do Brasil
 * specifies it (Manual de Padrões para Iniciação do Pix). Each field is ID (2 digits), length
 * (2 digits) and value; the payload ends with field 63, a CRC-16/CCITT-FALSE over everything
 * before it, "6304" included.
 */

const field = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16ccitt(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The BR Code allows only these in names and cities; accents are folded, the rest dropped. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, '')
    .trim()
    .slice(0, max);
}

export interface BrCodeInput {
  /** The receiver's PIX key (email, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Amount in centavos (BRL minor units). */
  amountMinor: number;
  /** Transaction id that reconciles the payment with the order: up to 25 letters and digits. */
  txid: string;
  /** Optional message to the payer (field 26-02). */
  description?: string;
  /**
   * PIX Automático, Journey 3 (docs/decisions/060): where the payer's bank reads the recurrence the
   * same code authorises (field 80, GUI br.gov.bcb.pix, subfield 25: a URL without its scheme).
   */
  recurrenceUrl?: string;
}

export function buildBrCode(input: BrCodeInput): string {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error('BR Code amount must be positive centavos');
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new Error('BR Code txid must be 1-25 letters or digits');
  const account = field('00', 'br.gov.bcb.pix') + field('01', input.key) + (input.description ? field('02', plain(input.description, 40)) : '');
  const payload =
    field('00', '01') +
    // 12: the code is for one payment (dynamic), not reusable.
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountMinor / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25) || 'N') +
    field('60', plain(input.merchantCity, 15) || 'N') +
    field('62', field('05', input.txid)) +
    (input.recurrenceUrl ? field('80', field('00', 'br.gov.bcb.pix') + field('25', input.recurrenceUrl)) : '') +
    '6304';
  return payload + crc16ccitt(payload);
}

/** Reads a payload back into its top-level fields, checking lengths and the CRC. */
export function parseBrCode(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`malformed BR Code at ${i}`);
    fields.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  if (i !== payload.length) throw new Error('BR Code length mismatch');
  const crc = fields.get('63');
  if (!crc || crc !== crc16ccitt(payload.slice(0, -4))) throw new Error('BR Code CRC mismatch');
  return fields;
}
