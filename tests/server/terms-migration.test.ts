/**
 * Migration 021 gives a database seeded before it the terms' section on cancelling and refunds,
 * and 032 rewrites that section for the self-service withdrawal; both leave terms an operator
 * rewrote as they are (docs/decisions/051 and 058).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoPolicies } from '../../server/db/demo-content';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openTestDatabase } from '../helpers/test-server';

// The terms as the seed wrote them before migration 021, word for word.
const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('\n');
const seededBefore = {
  pt: p(
    'A assinatura dá acesso aos canais e conteúdos do plano escolhido pelo período contratado, no número de dispositivos do plano.',
    'Planos mensais com renovação automática são cobrados no cartão de cobrança até que você cancele a renovação.',
    'O compartilhamento da conta fora do número de dispositivos contratado não é permitido.',
  ),
  en: p(
    'A subscription gives access to the channels and content of the chosen plan for the period bought, on the plan’s number of devices.',
    'Monthly plans with auto-renewal are charged to the billing card until you cancel the renewal.',
    'Sharing the account beyond the number of devices bought is not allowed.',
  ),
  es: p(
    'La suscripción da acceso a los canales y contenidos del plan elegido durante el período contratado, en la cantidad de dispositivos del plan.',
    'Los planes mensuales con renovación automática se cobran en la tarjeta de facturación hasta que canceles la renovación.',
    'No se permite compartir la cuenta más allá de la cantidad de dispositivos contratada.',
  ),
  ru: p(
    'Подписка даёт доступ к каналам и контенту выбранного тарифа на оплаченный период и на число устройств тарифа.',
    'Ежемесячные тарифы с автопродлением списываются с платёжной карты, пока вы не отмените продление.',
    'Передавать доступ к аккаунту сверх оплаченного числа устройств запрещено.',
  ),
};

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

/** A database migrated up to 020 whose terms are as the seed wrote them then. */
async function seededBefore021() {
  const test = await openTestDatabase();
  drop = test.drop;
  const { db } = test;
  await migrate(
    db,
    readMigrations().filter((m) => m.version < 21),
  );
  for (const [i, lang] of (['pt', 'en', 'es', 'ru'] as const).entries()) {
    await db.query('INSERT INTO languages (code, native_name, enabled, sort_order) VALUES ($1, $1, true, $2)', [lang, i]);
    await db.query("INSERT INTO policy_texts (type, lang, title, content, updated_at) VALUES ('terms', $1, 'Terms', $2, '2026-01-01T00:00:00Z')", [
      lang,
      seededBefore[lang],
    ]);
  }
  return db;
}

describe('migration 021: the terms gain cancelling and refunds', () => {
  it('rewrites the terms still as the seed wrote them, and keeps an operator’s own', async () => {
    const db = await seededBefore021();
    const operators = '<p>Nuestros propios términos, con nuestra política de reembolso.</p>';
    await db.query("UPDATE policy_texts SET content = $1 WHERE type = 'terms' AND lang = 'es'", [operators]);

    // 021 and every later migration apply; 021 is the one this test is about.
    expect(await migrate(db)).toContain(21);

    const rows = await db.query<{ lang: string; content: string; updated_at: Date }>("SELECT lang, content, updated_at FROM policy_texts WHERE type = 'terms'");
    const by = Object.fromEntries(rows.map((r) => [r.lang, r]));
    for (const lang of ['pt', 'en', 'ru'] as const) {
      expect(by[lang]!.content).toBe(demoPolicies.terms[lang].content);
      expect(by[lang]!.content).toContain('<h2 id="refunds">');
      expect(new Date(by[lang]!.updated_at).getTime()).toBeGreaterThan(Date.parse('2026-01-02T00:00:00Z'));
    }
    expect(by.es!.content).toBe(operators);
    expect(new Date(by.es!.updated_at).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('migration 032: the terms describe the self-service withdrawal', () => {
  it('rewrites the refunds section 021 wrote, in every language, and keeps an operator’s own', async () => {
    const db = await seededBefore021();
    // As a site that ran 021 has them: the section that sent the customer to support.
    await migrate(
      db,
      readMigrations().filter((m) => m.version < 32),
    );
    const operators = '<p>Nuestros propios términos, con nuestra política de reembolso.</p>';
    await db.query("UPDATE policy_texts SET content = $1, updated_at = '2026-01-01T00:00:00Z' WHERE type = 'terms' AND lang = 'es'", [operators]);
    const before = await db.query<{ content: string }>("SELECT content FROM policy_texts WHERE type = 'terms' AND lang = 'en'");
    expect(before[0]!.content).toContain('The portal does not yet let you withdraw on your own');

    expect(await migrate(db)).toContain(32);

    const rows = await db.query<{ lang: string; content: string }>("SELECT lang, content FROM policy_texts WHERE type = 'terms'");
    const by = Object.fromEntries(rows.map((r) => [r.lang, r.content]));
    for (const lang of ['pt', 'en', 'ru'] as const) expect(by[lang]).toBe(demoPolicies.terms[lang].content);
    expect(by.en).toContain('choose “Withdraw (cancel and refund)”');
    expect(by.en).toContain('PIX devolução');
    expect(by.en).toContain('A chargeback is something else');
    expect(by.pt).toContain('“Desistir (cancelar e reembolsar)”');
    expect(by.ru).toContain('«Отказаться (отменить и вернуть деньги)»');
    expect(by.es).toBe(operators);
    // The seed of a new database writes the same texts, with the Spanish one too.
    expect(demoPolicies.terms.es.content).toContain('«Desistir (cancelar y reembolsar)»');
    for (const lang of ['pt', 'en', 'es', 'ru'] as const)
      expect(demoPolicies.terms[lang].content).not.toMatch(/não permite|does not yet|todavía no permite|пока не позволяет/);
  });
});
