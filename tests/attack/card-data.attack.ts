/**
 * Card data at rest and in the log, on the real server process: card payments with every number
 * of the sandbox network (approved, declined, answer lost), a card kept and charged again, and a
 * request refused at the door, at LOG_LEVEL=info and at trace. Then every table is dumped and the
 * whole captured log read: no digit run that could be a card number, no security code.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxCards } from '../../core/config/sandbox-cards';
import { dumpDatabase, searchCardNumbers, serverOnFreshDatabase, signUpPlain, useCleanups } from './helpers/payments';
import { post } from './helpers/portal-client';

/** Not a sandbox number: the network approves any other Luhn-valid number with a 3-digit code. */
const UNLISTED = '4012888888881881';
/** A code no other value of the run is likely to hold quoted on its own. */
const CVC = '947';

describe('card data: a spawned server on PostgreSQL keeps no card number and no security code', () => {
  const defer = useCleanups();

  it('the search finds a card number written anywhere but inside a UUID or a long hex token', () => {
    const card = '4012888888881881';
    const found = (text: string) => searchCardNumbers(text, 0, 0).cardLike;
    for (const text of [`{"pan":"${card}"}`, `pan=${card} `, `x${card}y`, `"abc${card}"`, `card ${card}\n`]) expect(found(text), text).toEqual([card]);
    const hash = `9f${card}e2${'0'.repeat(30)}`; // 64 hex characters, like a SHA-256
    const uuid = '1f0c3a2e-77b1-4c2d-9e10-401288888888';
    expect(found(`{"hash":"${hash}","id":"${uuid}"}`)).toEqual([]);
    expect(searchCardNumbers(`{"hash":"${hash}","id":"${uuid}"}`, 0, 0).hex).toBe(2);
  });

  it.each(['info', 'trace'])('at LOG_LEVEL=%s: every table and the whole log', async (level) => {
    const since = Date.now();
    const { server, db } = await serverOnFreshDatabase(level === 'info' ? 8322 : 8323, { LOG_LEVEL: level }, defer);

    const numbers = [...sandboxCards.map((c) => c.number), UNLISTED];
    const card = (number: string, save = false) => ({ number, expMonth: 12, expYear: 2040, cvc: CVC, holder: 'Card Data', ...(save ? { save } : {}) });
    const pay = (token: string, body: Record<string, unknown>) =>
      post<{ orderId?: string }>(
        server.url,
        '/api/bill/pay/v1',
        { planId: '3', method: 'card', currency: 'BRL', email: 'card-data@example.com', ...body },
        { Authorization: token, 'Idempotency-Key': randomUUID() },
      );

    const answers: number[] = [];
    for (const number of numbers) {
      const account = await signUpPlain(server.url);
      const first = await pay(account.token, { card: card(number, true) });
      answers.push(first.body.errCode ?? first.body.code);
      if (first.body.code !== 0) continue;
      // The kept card, charged again by its id (a repeat purchase of another plan).
      const cards = await post<{ id: string }[]>(server.url, '/api/bill/listCard', {}, { Authorization: account.token });
      const saved = cards.body.data?.[0];
      expect(saved, `card ${number.slice(-4)} kept`).toBeDefined();
      const again = await pay(account.token, { planId: '4', card: { savedCardId: saved!.id, cvc: CVC } });
      answers.push(again.body.errCode ?? again.body.code);
    }
    // Refused at the door (a letter in the code): its problems are logged, never its values.
    const refused = await pay((await signUpPlain(server.url)).token, { card: { ...card(UNLISTED), cvc: '94a' } });
    expect(refused.status).toBe(400);
    // Approved, declined and unanswered all happened.
    expect(answers).toContain(0);
    expect(answers).toContain(301);
    expect(answers).toContain(1015);

    const dump = await dumpDatabase(db);
    await server.kill();
    const log = server.log();
    const until = Date.now();

    expect(dump.text).toContain('"4242"'); // the last 4 digits are kept, by design
    expect(log).toContain('/api/bill/pay/v1'); // the log did capture the payments
    const inDump = searchCardNumbers(dump.text, since, until);
    const inLog = searchCardNumbers(log, since, until);
    for (const number of numbers) {
      expect(dump.text.includes(number), `card ${number.slice(-4)} in the database`).toBe(false);
      expect(log.includes(number), `card ${number.slice(-4)} in the log`).toBe(false);
    }
    expect(inDump.cardLike, 'Luhn-valid digit runs in the database').toEqual([]);
    expect(inLog.cardLike, 'Luhn-valid digit runs in the log').toEqual([]);
    for (const text of [dump.text, log]) {
      expect(text).not.toContain(`"${CVC}"`);
      expect(text).not.toMatch(/"(cvc|cvv|securityCode)"\s*:/i);
    }
    console.log(
      `card data (LOG_LEVEL=${level}): ${answers.length + 1} card payments (${numbers.length} numbers); ` +
        `database ${dump.tables} tables, ${dump.rows} rows, ${dump.text.length} chars, ${inDump.runs} digit runs of 12-19 (${inDump.timestamps} timestamps, ${inDump.fractions} decimals, ${inDump.hex} in hex tokens), ${inDump.cardLike.length} Luhn-valid; ` +
        `log ${log.split('\n').length} lines, ${log.length} chars, ${inLog.runs} digit runs (${inLog.timestamps} timestamps, ${inLog.fractions} decimals, ${inLog.hex} in hex tokens), ${inLog.cardLike.length} Luhn-valid; security code found 0 times`,
    );
  });
});
