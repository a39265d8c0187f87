import { describe, expect, it } from 'vitest';
import { nearestInDirection, type Box } from './remote-navigation';

const box = (left: number, top: number, width = 100, height = 40): Box => ({ left, top, right: left + width, bottom: top + height });

describe('remote navigation geometry', () => {
  // A form column: three fields, then two buttons side by side.
  const account = box(0, 0, 300);
  const password = box(0, 60, 300);
  const submit = box(0, 120, 140);
  const cancel = box(160, 120, 140);
  const all = [account, password, submit, cancel];

  it('down goes to the control straight below, up comes back', () => {
    expect(all[nearestInDirection(account, all, 'down')]).toBe(password);
    expect(all[nearestInDirection(password, all, 'down')]).toBe(submit);
    expect(all[nearestInDirection(cancel, all, 'up')]).toBe(password);
  });

  it('right and left move along a row', () => {
    expect(all[nearestInDirection(submit, all, 'right')]).toBe(cancel);
    expect(all[nearestInDirection(cancel, all, 'left')]).toBe(submit);
  });

  it('nothing beyond the edge', () => {
    expect(nearestInDirection(account, all, 'up')).toBe(-1);
    expect(nearestInDirection(cancel, all, 'right')).toBe(-1);
  });

  it('prefers the control ahead over a nearer one far to the side', () => {
    const from = box(0, 0);
    const ahead = box(0, 200);
    const aside = box(600, 50);
    expect(nearestInDirection(from, [aside, ahead], 'down')).toBe(1);
  });
});
