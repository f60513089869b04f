/** The demo's thank-you page isolates every value of the order (issue 44: bidi-safe data on a right-to-left page). */
import { describe, expect, it } from 'vitest';
import { toString } from './html.ts';
import { thankYouPage, type PageContext } from './pages.ts';

const ctx: PageContext = {
  apiBase: 'http://127.0.0.1:1',
  assetsBase: 'http://127.0.0.1:1/inlay/',
  clientId: 'demo-client',
  collections: [],
};

describe('thank-you page', () => {
  it('puts the order number, quantities, names, amounts, shipping method and tax region each in an isolate', () => {
    const html = toString(
      thankYouPage(ctx, {
        number: '10042',
        email: 'ada@example.com',
        guest: true,
        lines: [{ name: 'Birch Stool', options: 'Colour: Oak', quantity: 3, total: '$174.00' }],
        subtotal: '$174.00',
        shipping: '$6.95',
        shippingTitle: 'Standard',
        deliveryTime: '3–5 days',
        taxName: 'New York',
        tax: '$13.92',
        total: '$194.87',
        shipTo: ['Ada Lovelace', 'Birch Ave 88', 'Albany, NY 12207, US'],
        billTo: [],
      }),
    );
    const isolated = [...html.matchAll(/<bdi[^>]*>([^<]*)<\/bdi>/g)].map((m) => m[1]);
    for (const v of ['#10042', '3', 'Birch Stool', 'Colour: Oak', '$174.00', '$6.95', 'Standard', '3–5 days'])
      expect(isolated, v).toContain(v);
    for (const v of ['New York', '$13.92', '$194.87', 'ada@example.com']) expect(isolated, v).toContain(v);
    expect(html).toContain('<bdi data-order-number>#10042</bdi>');
    // the address lines take their own direction
    expect(html).toContain('<span dir="auto">Birch Ave 88</span>');
    // no amount outside an isolate
    expect(html.replace(/<bdi[^>]*>[^<]*<\/bdi>/g, '').replace(/<[^>]*>/g, '')).not.toMatch(/\$\d/);
  });
});
