import { describe, expect, it } from 'vitest';
import { clockOf } from './time-left';

describe('the time left, as a clock reads it', () => {
  it('minutes and seconds, then hours past an hour', () => {
    expect([0, 5, 59, 60, 61, 1799, 3599, 3600, 3909, 86_399].map(clockOf)).toEqual([
      '0:00',
      '0:05',
      '0:59',
      '1:00',
      '1:01',
      '29:59',
      '59:59',
      '1:00:00',
      '1:05:09',
      '23:59:59',
    ]);
  });
});
