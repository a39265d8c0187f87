import { describe, expect, it } from 'vitest';
import { paymentAsked, payOnPhonePath } from './payment-address';
import { paths } from './paths';

describe('paths: every internal link with parameters (spec section 2)', () => {
  it('builds the order pages from an order reference, encoded', () => {
    expect(paths.paymentResult('ORD1')).toBe('/paymentResult?orderId=ORD1');
    expect(paths.receipt('ORD1')).toBe('/receipt?orderId=ORD1');
    expect(paths.paymentPix('ORD1')).toBe('/payment-pix?orderId=ORD1');
    expect(paths.caishenRepay('ORD 1/2')).toBe('/caishenRepay?orderId=ORD%201%2F2');
  });

  it('asks /payment for a plan (with a code) or for an order, as paymentAsked reads it back', () => {
    expect(paths.payment({ planId: '1' })).toBe('/payment?planId=1');
    expect(paths.payment({ planId: '5', discountCode: 'ANUAL20' })).toBe('/payment?planId=5&discountCode=ANUAL20');
    expect(paths.payment({ planId: '5', discountCode: undefined })).toBe('/payment?planId=5');
    expect(paths.payment({ orderId: 'ORD1' })).toBe('/payment?orderId=ORD1');
    const back = (link: string) => paymentAsked(new URLSearchParams(link.split('?')[1]));
    expect(back(paths.payment({ planId: '3', discountCode: 'X' }))).toEqual({ kind: 'checkout', planId: '3' });
    expect(back(paths.payment({ orderId: 'ORD&x=1' }))).toEqual({ kind: 'repay', orderId: 'ORD&x=1' });
  });

  it('sends the login back to where it was asked from, the whole address in one parameter', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/payment?planId=1&discountCode=A')).toBe('/login?redirect=%2Fpayment%3FplanId%3D1%26discountCode%3DA');
    expect(new URLSearchParams(paths.login('/orders?page=2').split('?')[1]).get('redirect')).toBe('/orders?page=2');
  });

  it('builds the plans, a plan, the hand-off and the notice pages', () => {
    expect(paths.pricingTable()).toBe('/pricing-table');
    expect(paths.pricingTable({ discountCode: 'BEM VINDO' })).toBe('/pricing-table?discountCode=BEM%20VINDO');
    expect(paths.pricingTable({ errCode: 6000, type: 'cannotBuyPlan' })).toBe('/pricing-table?errCode=6000&type=cannotBuyPlan');
    expect(paths.planDetails('4')).toBe('/plan-details/4');
    expect(paths.paymentCaishen('1')).toBe('/paymentCaishen?planId=1');
    expect(paths.notice('stbLoginErr', 201)).toBe('/notice?type=stbLoginErr&code=201');
    expect(paths.orders()).toBe('/orders');
  });
});

describe('payOnPhonePath (docs/decisions/025)', () => {
  it('hands a set-top box’s checkout or repay to a phone, and nothing else', () => {
    expect(payOnPhonePath({ kind: 'checkout', planId: '1' }, 'STB')).toBe('/paymentCaishen?planId=1');
    expect(payOnPhonePath({ kind: 'repay', orderId: 'ORD1' }, 'STB')).toBe('/caishenRepay?orderId=ORD1');
    expect(payOnPhonePath({ kind: 'none' }, 'STB')).toBeNull();
    expect(payOnPhonePath({ kind: 'checkout', planId: '1' }, 'WEB')).toBeNull();
    expect(payOnPhonePath({ kind: 'repay', orderId: 'ORD1' }, 'APP')).toBeNull();
  });
});
