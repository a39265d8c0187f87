import { describe, expect, it } from 'vitest';
import { hexToRgb, readableTextOn, rgbToHex, shade } from './colors';

describe('colour helpers (spec section 5)', () => {
  it('reads 6-digit and 3-digit hex, with or without #', () => {
    expect(hexToRgb('#5b2be0')).toEqual({ r: 91, g: 43, b: 224 });
    expect(hexToRgb('fa0')).toEqual({ r: 255, g: 170, b: 0 });
    expect(hexToRgb('#FFF')).toEqual({ r: 255, g: 255, b: 255 });
  });
  it('refuses anything else', () => {
    for (const bad of ['', '#12', '#1234', '#12345g', 'red', '#1234567']) expect(hexToRgb(bad)).toBeUndefined();
  });
  it('writes rgb back as 6-digit hex, clamping', () => {
    expect(rgbToHex({ r: 91, g: 43, b: 224 })).toBe('#5b2be0');
    expect(rgbToHex({ r: 300, g: -4, b: 15.6 })).toBe('#ff0010');
  });
  it('round-trips every 3-digit colour', () => {
    for (let i = 0; i < 4096; i += 37) {
      const hex = `#${i.toString(16).padStart(3, '0')}`;
      const six = `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
      expect(rgbToHex(hexToRgb(hex)!)).toBe(six);
    }
  });
  it('shades towards white and black and picks readable text', () => {
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
    expect(readableTextOn('#5b2be0')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#111111');
  });
});
