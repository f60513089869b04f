/**
 * Demo orders for the owner console (issue 22), placed once per database when the emulator starts with
 * `demoOrders` (the command line does; the test helpers don't, so suites see only the orders they place): a
 * delayed-capture order whose payment is AUTHORIZED (capture or void it) and an offline order with no payment yet
 * (NOT_PAID: mark it as paid or record a manual payment). Both buy the beeswax tapers, whose stock is not tracked, by
 * guest buyers, so no stock count, member order list or seeded id changes.
 */
import { DEMO_CLIENT_ID, seedIds } from '../seed.ts';
import { DEFAULT_VARIANT_ID } from './catalog.ts';
import { addToCart, createCheckout, placeOrder, shippingOptions, type WireContext } from './commerce.ts';
import type { PlacedPayment } from './payments.ts';
import { getSetting, setSetting } from './settings.ts';

const DONE = 'demoOrdersSeeded';

const DEMO_ORDERS: { visitorId: string; payment: PlacedPayment; email: string; firstName: string; lastName: string }[] =
  [
    {
      visitorId: 'demo-order-capture-later',
      payment: 'AUTHORIZED',
      email: 'grace.capture@example.com',
      firstName: 'Grace',
      lastName: 'Later',
    },
    {
      visitorId: 'demo-order-offline',
      payment: 'NOT_PAID',
      email: 'otto.offline@example.com',
      firstName: 'Otto',
      lastName: 'Offline',
    },
  ];

/** Place the demo orders unless this database already had them; returns their ids (none when already done). */
export function seedDemoOrders(ctx: WireContext): string[] {
  if (getSetting(ctx.db, DONE)) return [];
  const tapers = seedIds.products['beeswax-taper-candles']!;
  const shipping = shippingOptions(ctx.db)[0]!.code;
  const ids = DEMO_ORDERS.map((o) => {
    const now = ctx.now();
    const identity = { kind: 'visitor' as const, visitorId: o.visitorId, clientId: DEMO_CLIENT_ID };
    const cart = addToCart(
      ctx.db,
      identity,
      [{ productId: tapers, variantId: DEFAULT_VARIANT_ID, options: {}, quantity: 2 }],
      now,
    );
    const checkoutId = createCheckout(ctx.db, cart, { channelType: 'WEB', email: o.email }, now);
    return placeOrder(ctx, checkoutId, {
      email: o.email,
      firstName: o.firstName,
      lastName: o.lastName,
      address: {
        addressLine: '12 Demo Street',
        city: 'Portland',
        postalCode: '97201',
        country: 'US',
        subdivision: 'OR',
      },
      shippingCode: shipping,
      payment: o.payment,
      cardLast4: o.payment === 'AUTHORIZED' ? '1000' : '4242',
    });
  });
  setSetting(ctx.db, DONE, true);
  return ids;
}
