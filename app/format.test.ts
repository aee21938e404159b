import { describe, expect, it } from 'vitest';
import {
  NOT_FINITE,
  formatBudget,
  formatFixed,
  formatNumber,
  formatPercent,
  formatPowerOfTen,
  formatSignificant,
  formatSigned,
  formatWhole,
  hyphenMinus,
} from './format';

describe('number formatting', () => {
  it('writes every negative number with a true minus sign, exponents included', () => {
    expect(formatFixed(-3.2149, 2)).toBe('−3.21');
    expect(formatSignificant(-0.012345)).toBe('−0.0123');
    expect(formatNumber(-2.5e-6)).toBe('−2.50e−6');
    expect(formatBudget(-0.25)).toBe('−0.25');
  });

  it('gives text meant to be read back its hyphens again', () => {
    expect(Number(hyphenMinus(formatFixed(-0.5, 3)))).toBe(-0.5);
    expect(Number(hyphenMinus(formatNumber(-2.5e-6)))).toBe(-2.5e-6);
  });

  it('prints a dash for values that are missing or not finite', () => {
    for (const x of [NaN, Infinity, -Infinity]) {
      expect(formatFixed(x, 2)).toBe(NOT_FINITE);
      expect(formatSignificant(x)).toBe(NOT_FINITE);
      expect(formatNumber(x)).toBe(NOT_FINITE);
      expect(formatSigned(x)).toBe(NOT_FINITE);
      expect(formatBudget(x)).toBe(NOT_FINITE);
    }
    expect(formatNumber(null)).toBe(NOT_FINITE);
    expect(formatNumber(undefined)).toBe(NOT_FINITE);
  });

  it('keeps the plots’ decimals: about three significant digits, whole numbers from 100', () => {
    expect(formatNumber(0.5)).toBe('0.500');
    expect(formatNumber(1.5)).toBe('1.50');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(123.4)).toBe('123');
    expect(formatNumber(0)).toBe('0.000');
    expect(formatNumber(1.23456, 4)).toBe('1.235');
    expect(formatNumber(123456)).toBe('1.23e+5');
    expect(formatNumber(0.0001234)).toBe('1.23e−4');
  });

  it('drops trailing zeros of significant digits and switches to an exponent outside its range', () => {
    expect(formatSignificant(0.5)).toBe('0.5');
    expect(formatSignificant(1234.5, 4)).toBe('1235');
    expect(formatSignificant(5e-4)).toBe('5.00e−4');
    expect(formatSignificant(5e-4, 3, { below: 1e-5, from: Infinity })).toBe('0.0005');
    expect(formatFixed(250, 3, { below: 0.01, from: 100 })).toBe('2.50e+2');
    expect(formatFixed(0.5, 3, { below: 0.01, from: 100 })).toBe('0.500');
  });

  it('writes the sign of a difference always', () => {
    expect(formatSigned(0.12)).toBe('+0.120');
    expect(formatSigned(0)).toBe('+0.000');
    expect(formatSigned(-0.12)).toBe('−0.120');
  });

  it('writes a budget with the controls’ decimals', () => {
    expect(formatBudget(0.5)).toBe('0.50');
    expect(formatBudget(2)).toBe('2.00');
    expect(formatBudget(12.5)).toBe('12.5');
  });

  it('writes a fraction as a percentage', () => {
    expect(formatPercent(0.05)).toBe('5.0%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(-0.012)).toBe('−1.2%');
    expect(formatPercent(NaN)).toBe(NOT_FINITE);
  });

  it('separates the thousands of a whole number', () => {
    expect(formatWhole(12499.6)).toBe('12,500');
    expect(formatWhole(-1234)).toBe('−1,234');
    expect(formatWhole(Infinity)).toBe(NOT_FINITE);
  });

  it('writes a power of ten without its mantissa, other small numbers with one', () => {
    expect(formatPowerOfTen(1e-6)).toBe('1e−6');
    expect(formatPowerOfTen(1e-7)).toBe('1e−7');
    expect(formatPowerOfTen(2.5e-6)).toBe('2.5e−6');
    expect(formatPowerOfTen(NaN)).toBe(NOT_FINITE);
  });
});
