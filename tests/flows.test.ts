// The flow atlas stays in step with the machines: every machine has its drawing in docs/flows/,
// drawn from the machine as it is now (its structure's fingerprint is stamped in the SVG).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawingHash, FLOWS_DIR, listMachines, machineHash, toDot } from '../scripts/flow-drawing';

const machines = await listMachines();

describe('the flow atlas (docs/flows)', () => {
  it('knows every machine of machines/', () => {
    expect(machines.map((m) => m.id)).toEqual(expect.arrayContaining(['session', 'login', 'checkout', 'repay', 'payment', 'discountUnbinding', 'autoRenewal']));
  });

  it.each(machines.map((m) => [m.id, m] as const))('%s: its drawing is not older than the machine (else: npm run flows)', (id, machine) => {
    const file = path.join(FLOWS_DIR, `${id}.svg`);
    expect(existsSync(file), `${file} is missing: run npm run flows`).toBe(true);
    expect(drawingHash(readFileSync(file, 'utf8')), `docs/flows/${id}.svg is older than machines/…/${id}: run npm run flows`).toBe(machineHash(machine));
  });

  it('draws every state and every transition, coloured by the coverage report', () => {
    const payment = machines.find((m) => m.id === 'payment')!;
    const dot = toDot(payment, { payment: { server: { states: ['payment.paid'], transitions: [] }, screens: { states: ['payment.paid'], transitions: [] } } });
    // A state covered by both walks is green; one covered by neither is red.
    expect(dot).toMatch(/"payment\.paid" \[label="paid", fillcolor="#d9f2df"/);
    expect(dot).toMatch(/"payment\.declined" \[label="declined", fillcolor="#fde4e2"/);
    // Nested states are clusters; events read as the customer's or the flow's.
    expect(dot).toContain('subgraph "cluster_payment.transfer"');
    expect(dot).toContain('label="done: submit [isPix]"');
    expect(dot).toContain('label="after pollInterval"');
  });
});
