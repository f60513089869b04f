import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { STORES_APP_ID } from '../../core/api/products.ts';

const PRODUCT = 'p-1';
const product = {
  id: PRODUCT,
  name: 'Enamel Camp Mug',
  slug: 'enamel-camp-mug',
  priceData: { currency: 'USD', price: 18, discountedPrice: 18 },
  stock: { inStock: true },
  media: { mainMedia: { id: 'm1', image: { url: 'https://api.test/media/mug.svg', width: 800, height: 800 } } },
  variants: [
    {
      id: 'forest',
      choices: { Color: 'Forest' },
      stock: { inStock: true, quantity: 3 },
      variant: { priceData: { currency: 'USD', price: 18 } },
    },
    {
      id: 'navy',
      choices: { Color: 'Navy' },
      stock: { inStock: false, quantity: 0 },
      variant: { priceData: { currency: 'USD', price: 19.5 } },
    },
  ],
};

let reply: (call: Call) => Response | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.includes('/stores-reader/v1/products/')) return json(200, { product });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const requests = () => net.calls.filter((c) => c.url.includes('/back-in-stock-service/'));
const stockRequest = (over: Record<string, unknown> = {}) => ({
  id: 'req-1',
  email: 'ada@example.com',
  status: 'RECEIVED',
  createdDate: new Date().toISOString(),
  catalogReference: { appId: STORES_APP_ID, catalogItemId: PRODUCT, options: { variantId: 'navy' } },
  ...over,
});

beforeEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  net.calls.length = 0;
  reply = () => undefined;
  $session.set({ status: 'visitor', role: 'visitor' });
});

/** Each mount is a new page on the fake platform (its own client: the product is read afresh). */
async function mount(attrs: Record<string, string>) {
  const { el } = await mountWidget('inlay-back-in-stock', attrs, net.fetch);
  await vi.waitFor(() => expect(net.calls.some((c) => c.url.includes('/products/'))).toBe(true));
  await new Promise((r) => setTimeout(r, 20));
  return { el, q: <T extends Element = HTMLElement>(s: string) => el.shadowRoot!.querySelector<T>(s) };
}
const button = (el: Element, text: RegExp) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((b) => text.test(b.textContent ?? ''));
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('<inlay-back-in-stock>', () => {
  it('stays empty while the chosen variant is in stock, and appears when the host switches to a sold-out one', async () => {
    const { el } = await mount({ 'product-id': PRODUCT, 'variant-id': 'forest' });
    expect(el.shadowRoot!.querySelector('button')).toBeNull();
    el.setAttribute('variant-id', 'navy');
    await vi.waitFor(() => expect(button(el, /Notify me/)).toBeDefined());
    el.setAttribute('variant-id', 'forest');
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('button')).toBeNull());
  });

  it('`always` shows it for an item in stock', async () => {
    const { el } = await mount({ 'product-id': PRODUCT, 'variant-id': 'forest', always: '' });
    expect(button(el, /Notify me/)).toBeDefined();
  });

  it('checks the email before sending, and says so next to the field', async () => {
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input[type=email]')).not.toBeNull());
    const input = q<HTMLInputElement>('input[type=email]')!;
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(input));
    type(input, 'not-an-email');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(q('.err')!.textContent).toMatch(/valid email/);
    expect(requests()).toEqual([]);
  });

  it('subscribes with the wire body, shows the masked email, emits inlay-stock-subscribe, and remembers it across reloads', async () => {
    const made = stockRequest();
    reply = (c) => (c.method === 'POST' ? json(200, { request: made }) : undefined);
    const events: unknown[] = [];
    document.addEventListener('inlay-stock-subscribe', (e) => events.push(e.detail));
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input[type=email]')).not.toBeNull());
    type(q<HTMLInputElement>('input[type=email]')!, ' ada@example.com ');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toMatch(/a…@example\.com/));
    const sent = requests()[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      request: {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: PRODUCT, options: { variantId: 'navy' } },
        email: 'ada@example.com',
        itemUrl: location.href,
      },
      itemDetails: {
        name: 'Enamel Camp Mug',
        price: '19.50',
        image: { id: 'm1', url: 'https://api.test/media/mug.svg', width: 800, height: 800 },
      },
    });
    expect(events).toEqual([{ request: made }]);

    // a new element (a reload) shows the subscribed state from this browser alone, and offers no stop without a
    // companion: the platform is never asked to read, list or delete a request (admin only)
    el.remove();
    const again = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    await vi.waitFor(() => expect(again.q('[role=status]')?.textContent).toMatch(/We’ll email you at a…@example\.com/));
    expect(again.el.shadowRoot!.querySelectorAll('button')).toHaveLength(0);
    // where a stop button would be: how to stop instead
    expect(again.q('[part=hint]')!.textContent).toBe(
      'To stop before then, contact the shop: this site can’t cancel it from here.',
    );
    expect(requests().map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /back-in-stock-service/v1/back-in-stock-notification-requests',
    ]);
  });

  it('an existing request for the same email shows as already subscribed', async () => {
    reply = () => json(200, { request: stockRequest({ createdDate: '2026-01-01T00:00:00.000Z' }) });
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input')).not.toBeNull());
    type(q<HTMLInputElement>('input')!, 'ada@example.com');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toMatch(/already on the list/));
  });

  it('not collecting (428): says it is not available and keeps the email', async () => {
    reply = () =>
      json(428, { message: 'not collecting', details: { applicationError: { code: 'REQUEST_COLLECTION_DISABLED' } } });
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input')).not.toBeNull());
    type(q<HTMLInputElement>('input')!, 'ada@example.com');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[role=alert]')?.textContent).toMatch(/aren’t available/));
    expect(q<HTMLInputElement>('input')!.value).toBe('ada@example.com');
    expect(q<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
  });

  it('a server-side email violation is shown on the field', async () => {
    reply = () =>
      json(400, {
        message: 'bad',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'request.email', description: 'must be a valid email address', violatedRule: 'FORMAT' },
            ],
          },
        },
      });
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input')).not.toBeNull());
    type(q<HTMLInputElement>('input')!, 'ada@example.co');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('input')!.getAttribute('aria-invalid')).toBe('true'));
  });

  it('prefills the member’s email and asks to confirm it', async () => {
    $session.set({ status: 'member', role: 'member', member: { id: 'm1', loginEmail: 'maya@fernwood.example' } });
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    await vi.waitFor(() => expect(button(el, /Notify me/)).toBeDefined());
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q<HTMLInputElement>('input')?.value).toBe('maya@fernwood.example'));
    expect(q('.hint')!.textContent).toMatch(/We’ll use maya@fernwood\.example/);
    expect(requests()).toEqual([]);
  });

  it('a member’s request is kept here too: shown while signed in, never to whoever uses the browser after a sign-out', async () => {
    $session.set({ status: 'member', role: 'member', member: { id: 'm1', loginEmail: 'maya@fernwood.example' } });
    reply = (c) =>
      c.method === 'POST' ? json(200, { request: stockRequest({ email: 'maya@fernwood.example' }) }) : undefined;
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q<HTMLInputElement>('input')?.value).toBe('maya@fernwood.example'));
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toMatch(/m…@fernwood\.example/));

    $session.set({ status: 'visitor', role: 'visitor' });
    await vi.waitFor(() => expect(button(el, /Notify me/)).toBeDefined());
    expect(el.shadowRoot!.textContent).not.toMatch(/fernwood/);
    $session.set({ status: 'member', role: 'member', member: { id: 'm1', loginEmail: 'maya@fernwood.example' } });
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toMatch(/m…@fernwood\.example/));
    expect(requests().map((c) => c.method)).toEqual(['POST']);
  });

  it('a visitor’s saved request shows to the member after a sign-in, without asking the platform', async () => {
    localStorage.setItem(
      'inlay.back-in-stock.test-client',
      JSON.stringify({ [`${PRODUCT}:navy`]: { id: 'visitor-req', email: 'bo@example.com' } }),
    );
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toMatch(/b…@example\.com/));
    $session.set({ status: 'member', role: 'member', member: { id: 'm1', loginEmail: 'maya@fernwood.example' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(q('[role=status]')?.textContent).toMatch(/b…@example\.com/);
    expect(el.shadowRoot!.querySelectorAll('button')).toHaveLength(0);
    expect(requests()).toEqual([]);
  });

  it('back in stock: the widget goes away and forgets the request, so the next sell-out asks again', async () => {
    localStorage.setItem(
      'inlay.back-in-stock.test-client',
      JSON.stringify({
        [`${PRODUCT}:forest`]: { id: 'sent', email: 'ada@example.com' },
        [`${PRODUCT}:navy`]: { id: 'waiting', email: 'ada@example.com' },
      }),
    );
    const { el } = await mount({ 'product-id': PRODUCT, 'variant-id': 'forest' }); // forest is in stock
    await vi.waitFor(() =>
      expect(Object.keys(JSON.parse(localStorage.getItem('inlay.back-in-stock.test-client')!))).toEqual([
        `${PRODUCT}:navy`,
      ]),
    );
    expect(el.shadowRoot!.textContent).toBe('');
    expect(requests()).toEqual([]);
  });

  it('a failure that is not the email’s says so in core’s words and keeps the email typed', async () => {
    reply = () => json(503, { message: 'busy' }, { headers: { 'x-wix-request-id': 'rid-1' } });
    const { el, q } = await mount({ 'product-id': PRODUCT, 'variant-id': 'navy' });
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input')).not.toBeNull());
    type(q<HTMLInputElement>('input')!, 'ada@example.com');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[role=alert]')?.textContent).toBeTruthy());
    expect(q('[role=alert]')!.textContent).toMatch(/Something went wrong/);
    expect(q<HTMLInputElement>('input')!.value).toBe('ada@example.com');
    expect(localStorage.getItem('inlay.back-in-stock.test-client')).toBeNull();
  });

  it('with data-companion: subscribe, then “Stop notifying me” deletes it and confirms; focus follows', async () => {
    const B = 'https://shop.test/api/inlay';
    reply = (c) =>
      c.url === `${B}/v1/stock-requests`
        ? json(200, { request: stockRequest(), handle: 'hh' })
        : c.url === `${B}/v1/stock-requests/hh` && c.method === 'DELETE'
          ? json(200, {})
          : undefined;
    const { el } = await mountWidget(
      'inlay-back-in-stock',
      { 'product-id': PRODUCT, 'variant-id': 'navy' },
      net.fetch,
      {
        companion: B,
      },
    );
    const q = <T extends Element = HTMLElement>(s: string) => el.shadowRoot!.querySelector<T>(s);
    await vi.waitFor(() => expect(button(el, /Notify me/)).toBeDefined());
    button(el, /Notify me/)!.click();
    await vi.waitFor(() => expect(q('input')).not.toBeNull());
    type(q<HTMLInputElement>('input')!, 'ada@example.com');
    q<HTMLFormElement>('form')!.requestSubmit();
    await vi.waitFor(() => expect(q('[part=stop]')).not.toBeNull());
    expect(q('[part=hint]')).toBeNull();
    q<HTMLButtonElement>('[part=stop]')!.click();
    await vi.waitFor(() => expect(q('[role=status]')?.textContent).toBe('Done: we won’t email you about this item.'));
    expect(el.shadowRoot!.activeElement).toBe(q('[role=status]'));
    expect(button(el, /Notify me/)).toBeDefined();
    expect(net.calls.filter((c) => c.url.startsWith(B)).map((c) => c.method)).toEqual(['POST', 'DELETE']);
    expect(requests()).toEqual([]);
  });
});
