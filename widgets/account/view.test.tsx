import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { STORES_APP_ID } from '../../core/api/products.ts';
import type { Member } from '../../core/api/members.ts';
import { addLanguage } from '../../core/i18n/index.ts';
import frPack from '../languages/fr.ts';
import { detailStrings as memberStrings } from './member/strings.ts';

const B = 'https://shop.test/api/inlay';
const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const order = {
  id: 'o-1',
  number: '10042',
  createdDate: '2026-11-20T10:00:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  lineItems: [
    {
      id: 'l1',
      quantity: 2,
      productName: { original: 'Enamel Camp Mug' },
      catalogReference: { appId: STORES_APP_ID, catalogItemId: 'mug', options: { variantId: 'navy' } },
      price: money('18.00'),
      totalPriceBeforeTax: money('36.00'),
      image: { url: 'javascript:alert(1)' },
    },
  ],
  priceSummary: { subtotal: money('36.00'), shipping: money('6.95'), tax: money('2.88'), total: money('45.83') },
  shippingInfo: {
    title: 'Standard',
    logistics: {
      shippingDestination: {
        address: { addressLine1: '1 Main St', city: 'Portland', postalCode: '97201', country: 'US' },
        contactDetails: { firstName: 'Ada', lastName: 'Buyer' },
      },
    },
  },
  activities: [
    { id: 'a1', type: 'ORDER_PLACED', createdDate: '2026-11-20T10:00:00.000Z' },
    { id: 'a2', type: 'ORDER_PAID', createdDate: '2026-11-20T10:00:00.000Z' },
  ],
};
const member = (contact: Member['contact'] = {}): Member => ({
  id: 'm-1',
  loginEmail: 'ada@example.com',
  contact: { firstName: 'Ada', phones: [], emails: ['ada@example.com'], addresses: [], ...contact },
});

let reply: (call: Call) => Response | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));

// the sections' modules are many small files: transformed once here, not inside a test's 1 s wait (2 busy cores)
beforeAll(
  () => Promise.all([import('./orders/view.tsx'), import('./profile/view.tsx'), import('./addresses/view.tsx')]),
  60_000,
);

beforeEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  history.replaceState(null, '', '/account');
  net.calls.length = 0;
  reply = () => undefined;
  $session.set({ status: 'member', role: 'member', member: member() });
});

async function mount(attrs: Record<string, string> = {}, companion: string | null = B) {
  const { el, $, $$ } = await mountWidget('inlay-account', attrs, net.fetch, companion ? { companion } : {});
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) =>
    $$<HTMLButtonElement>('button').find((b) => name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''));
  return { el, $, $$, text, button };
}
const type = (input: HTMLInputElement | HTMLSelectElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
};

describe('<inlay-account>', () => {
  it('a visitor gets the sign-in form, not the tabs, and it takes no focus from the page as it loads', async () => {
    $session.set({ status: 'visitor', role: 'visitor' });
    const outside = document.body.appendChild(document.createElement('input'));
    outside.focus();
    const { $, text } = await mount();
    await vi.waitFor(() => expect(text()).toContain('Sign in to see your account'));
    expect($('[role=tablist]')).toBeNull();
    expect($('input[type=email], input[name=email]')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(outside);
  });

  it('tabs: arrow keys move between sections, the attribute picks the first, each change is an event', async () => {
    reply = (c) => (c.url.startsWith(`${B}/v1/my/orders`) ? json(200, { orders: [] }) : undefined);
    const { el, $, $$ } = await mount({ section: 'profile' });
    const events: unknown[] = [];
    el.addEventListener('inlay-account-navigate', (e) => events.push(e.detail));
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Profile'));
    $$('[role=tab]')[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Addresses'));
    $('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Orders'));
    expect(events).toEqual([{ section: 'addresses' }, { section: 'orders' }]);
    expect($$('[role=tab]').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('the tab is in the page’s URL: each pick a history entry, Back (popstate) follows it; the URL’s tab wins over the attribute as it mounts', async () => {
    reply = (c) => (c.url.startsWith(`${B}/v1/my/orders`) ? json(200, { orders: [] }) : undefined);
    history.replaceState(null, '', '/account?account-section=addresses&x=1');
    const { el, $, $$ } = await mount({ section: 'profile' });
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Addresses'));
    const entries = history.length;
    ($$('[role=tab]')[0] as HTMLButtonElement).click();
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Orders'));
    expect(location.search).toBe('?account-section=orders&x=1');
    expect(history.length).toBe(entries + 1);
    history.replaceState(null, '', '/account?x=1');
    dispatchEvent(new PopStateEvent('popstate'));
    // no section in the URL: the attribute's
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Profile'));
    expect(location.search).toBe('?x=1');
    // the attribute changed: followed, a history entry too
    el.setAttribute('section', 'security');
    await vi.waitFor(() => expect($('[aria-selected=true]')!.textContent).toBe('Security'));
    expect(location.search).toBe('?x=1&account-section=security');
    expect(history.length).toBe(entries + 2);
  });

  it('no orders: the empty state links to the shop (only an http(s) URL)', async () => {
    reply = (c) => (c.url.startsWith(`${B}/v1/my/orders`) ? json(200, { orders: [] }) : undefined);
    const { $, text } = await mount({ 'shop-url': 'javascript:alert(1)' });
    await vi.waitFor(() => expect(text()).toContain('No orders yet'));
    expect($('a')?.getAttribute('href')).not.toMatch(/^javascript/);
  });

  it('without a companion it says order history is not available, and asks nothing', async () => {
    const { text } = await mount({}, null);
    await vi.waitFor(() => expect(text()).toContain('Order history isn’t available on this site yet.'));
    expect(sent('/my/orders')).toHaveLength(0);
  });

  it('an order: list, detail with totals, address, history in words; an unsafe image URL is not used', async () => {
    reply = (c) =>
      c.url === `${B}/v1/my/orders`
        ? json(200, { orders: [order] })
        : c.url === `${B}/v1/my/orders/o-1`
          ? json(200, {
              order,
              fulfillments: [
                {
                  id: 'f',
                  trackingInfo: { trackingNumber: 'TRK1', shippingProvider: 'UPS', trackingLink: 'javascript:x' },
                },
              ],
            })
          : undefined;
    const { $, $$, text, button } = await mount();
    await vi.waitFor(() => expect(text()).toContain('Order #10042'));
    expect(text()).toContain('$45.83');
    expect(text()).toContain('Paid');
    expect(text()).toContain('Not shipped yet');
    button(/View details, order #10042/)!.click();
    await vi.waitFor(() => expect(text()).toContain('UPS TRK1'));
    expect($('[part=totals]')!.textContent).toBe('Subtotal$36.00Shipping (Standard)$6.95Tax$2.88Total$45.83');
    expect(text()).toContain('1 Main St');
    expect($('[part=history]')!.textContent).toMatch(/Order placed.*Payment received/);
    expect($$('img')).toHaveLength(0);
    expect($$('a').some((a) => a.getAttribute('href')?.startsWith('javascript'))).toBe(false);
    button(/All orders/)!.click();
    await vi.waitFor(() => expect($('[part=orders]')).not.toBeNull());
  });

  it('a partly refunded order: the amount refunded and, on each line, how many units were; a link opens it', async () => {
    const refunded = {
      ...order,
      paymentStatus: 'PARTIALLY_REFUNDED',
      balanceSummary: { refunded: money('18.00') },
      lineItems: [
        ...order.lineItems,
        { ...order.lineItems[0]!, id: 'l2', productName: { original: 'Wool Throw' }, quantity: 1 },
      ],
    };
    reply = (c) =>
      c.url === `${B}/v1/my/orders`
        ? json(200, { orders: [refunded] })
        : c.url === `${B}/v1/my/orders/o-1`
          ? json(200, { order: refunded, refundedLines: [{ lineItemId: 'l1', quantity: 1 }] })
          : undefined;
    history.replaceState(null, '', '/account?account-order=o-1');
    const { $, $$ } = await mount({ section: 'profile' });
    await vi.waitFor(() => expect($('[part=refunded]')?.textContent).toBe('Refunded to you: $18.00'));
    expect($('[aria-selected=true]')!.textContent).toBe('Orders');
    expect($('[part=order-detail] .chips')!.textContent).toContain('Partly refunded');
    expect($$('[part=lines] li').map((l) => l.querySelector('.grow')!.textContent)).toEqual([
      'Enamel Camp MugQty 2 · 1 refunded',
      'Wool ThrowQty 1',
    ]);
  });

  it('right to left: the order’s heading and its refund each one run; ten right-to-left addresses with numbers, and "up to 10" in one run', async () => {
    const refunded = { ...order, balanceSummary: { refunded: money('18.00') } };
    reply = (c) =>
      c.url === `${B}/v1/my/orders`
        ? json(200, { orders: [refunded] })
        : c.url === `${B}/v1/my/orders/o-1`
          ? json(200, { order: refunded })
          : undefined;
    history.replaceState(null, '', '/account?account-order=o-1');
    const { $ } = await mount({ section: 'profile' });
    await vi.waitFor(() => expect($('[part=refunded] > bdi')?.textContent).toBe('Refunded to you: $18.00'));
    expect($('[part=order-detail] h3 > bdi')!.textContent).toBe('Order #10042');
    history.replaceState(null, '', '/');
    const ten = Array.from({ length: 10 }, (_, i) => ({
      id: `a${i}`,
      addressLine: `רחוב ${i + 1}`,
      city: 'תל אביב',
      country: 'IL',
    }));
    $session.set({ status: 'member', role: 'member', member: member({ addresses: ten }) });
    const addresses = await mount({ section: 'addresses' });
    await vi.waitFor(() => expect(addresses.text()).toContain('You can keep up to 10.'));
    expect([...addresses.$$('.muted > bdi')].map((b) => b.textContent)).toContain('You can keep up to 10.');
  });

  it('cancel asks first, says what happens for a paid order, and shows the shop’s answer', async () => {
    reply = (c) =>
      c.url === `${B}/v1/my/orders`
        ? json(200, { orders: [order] })
        : c.url === `${B}/v1/my/orders/o-1`
          ? json(200, { order })
          : c.url.endsWith('/cancel')
            ? json(200, { order, outcome: 'REQUESTED' })
            : undefined;
    const { $, text, button } = await mount();
    await vi.waitFor(() => expect(button(/View details/)).toBeDefined());
    button(/View details/)!.click();
    await vi.waitFor(() => expect(button(/^Cancel order$/)).toBeDefined());
    button(/^Cancel order$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('It’s already paid'));
    type($<HTMLTextAreaElement>('textarea')! as unknown as HTMLInputElement, 'Ordered twice');
    button(/Send request/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Your cancellation request was sent.'));
    expect(sent('/cancel')[0]!.body).toEqual({ reason: 'Ordered twice' });
  });

  it('a cancellation request as the companion shows it (issue 38): requested, then declined, with no second ask', async () => {
    const at = '2026-11-21T09:00:00.000Z';
    const asked = {
      ...order,
      activities: [...order.activities, { id: 'c1', type: 'CANCELLATION_REQUESTED', createdDate: at }],
    };
    let now: typeof order = asked;
    reply = (c) =>
      c.url === `${B}/v1/my/orders`
        ? json(200, { orders: [now] })
        : c.url === `${B}/v1/my/orders/o-1`
          ? json(200, { order: now })
          : undefined;
    const first = await mount();
    await vi.waitFor(() => expect(first.button(/View details/)).toBeDefined());
    first.button(/View details/)!.click();
    await vi.waitFor(() => expect(first.text()).toContain('Your cancellation request was sent.'));
    expect(first.$('[part=history]')!.textContent).toContain('Cancellation requested');
    expect(first.button(/^Cancel order$/)).toBeUndefined();

    now = { ...asked, activities: [...asked.activities, { id: 'c2', type: 'CANCELLATION_DECLINED', createdDate: at }] };
    history.replaceState(null, '', '/account'); // (the page's URL names the open order: this page opens on the list)
    const second = await mount();
    await vi.waitFor(() => expect(second.button(/View details/)).toBeDefined());
    second.button(/View details/)!.click();
    await vi.waitFor(() => expect(second.$('[part=request-declined]')).not.toBeNull());
    expect(second.$('[part=request-declined]')!.textContent).toBe(
      'Your cancellation request was declined. Contact the shop if you have questions.',
    );
    expect(second.text()).not.toContain('Your cancellation request was sent.');
    expect(second.$('[part=history]')!.textContent).toMatch(/Cancellation requested.*Cancellation request declined/);
    expect(second.button(/^Cancel order$/)).toBeUndefined();
  });

  it('addresses: field errors before sending; a new address replaces the whole set; removing the last clears it', async () => {
    const saved = { id: 'ad1', addressLine: '77 Harbour Rd', city: 'Seattle', postalCode: '98101', country: 'US' };
    reply = (c) => {
      if (c.url.includes('/members/v1/members/m-1/addresses') && c.method === 'DELETE')
        return json(200, { member: member({ addresses: [] }) });
      if (c.url.includes('/members/v1/members/m-1') && c.method === 'PATCH')
        return json(200, { member: member({ addresses: [saved] }) });
      return undefined;
    };
    const { $, text, button } = await mount({ section: 'addresses' });
    await vi.waitFor(() => expect(text()).toContain('No saved addresses yet'));
    button(/Add address/)!.click();
    await vi.waitFor(() => expect($('form[part=address-form]')).not.toBeNull());
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[aria-invalid=true]')).not.toBeNull());
    expect(sent('/members/')).toHaveLength(0);
    // the country is the form's first field, defaulted from the page's language (en: United States), with its states
    const fields = [...$('form[part=address-form]')!.querySelectorAll<HTMLInputElement>('input,select')];
    expect(fields.map((f) => f.name)).toEqual([
      'country',
      'firstName',
      'lastName',
      'phone',
      'addressLine',
      'addressLine2',
      'city',
      'subdivision',
      'postalCode',
    ]);
    expect(fields[0]!.value).toBe('US');
    expect(fields[1]!.value).toBe('Ada'); // the member's name
    expect($('[name=subdivision]')!.tagName).toBe('SELECT');
    // a country without a list takes the region as typed, and back
    type($<HTMLSelectElement>('[name=country]')!, 'FR');
    await vi.waitFor(() => expect($('[name=subdivision]')!.tagName).toBe('INPUT'));
    type($<HTMLSelectElement>('[name=country]')!, 'US');
    await vi.waitFor(() => expect($('[name=subdivision]')!.tagName).toBe('SELECT'));
    expect($('[name=subdivision]')!.textContent).toContain('Washington');
    type($<HTMLInputElement>('[name=addressLine]')!, '77 Harbour Rd');
    type($<HTMLInputElement>('[name=city]')!, 'Seattle');
    type($<HTMLInputElement>('[name=postalCode]')!, '98101');
    type($<HTMLSelectElement>('[name=subdivision]')!, 'WA');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[part=address]')).not.toBeNull());
    expect(sent('/members/')[0]!.body).toEqual({
      member: {
        id: 'm-1',
        contact: {
          addresses: [
            { addressLine: '77 Harbour Rd', city: 'Seattle', postalCode: '98101', country: 'US', subdivision: 'US-WA' },
          ],
        },
      },
    });
    expect($session.get().member?.contact?.addresses).toEqual([saved]);
    button(/^Remove /)!.click();
    await vi.waitFor(() => expect(text()).toContain('No saved addresses yet'));
    expect(sent('/addresses').map((c) => c.method)).toEqual(['DELETE']);
  });

  it('addresses on a French page: the regions named in French (from the French pack only), codes unchanged', async () => {
    addLanguage('fr', { ...frPack });
    const { el, $ } = await mountWidget('inlay-account', { section: 'addresses' }, net.fetch, {
      companion: B,
      locale: 'fr',
    });
    const text = () => el.shadowRoot!.textContent ?? '';
    const button = (name: RegExp) =>
      [...el.shadowRoot!.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
    await vi.waitFor(() => expect(button(/Ajouter une adresse/)).toBeDefined());
    button(/Ajouter une adresse/)!.click();
    await vi.waitFor(() => expect($('form[part=address-form]')).not.toBeNull());
    const options = () =>
      Object.fromEntries([...$<HTMLSelectElement>('[name=subdivision]')!.options].map((o) => [o.value, o.text]));
    type($<HTMLSelectElement>('[name=country]')!, 'US');
    await vi.waitFor(() => expect(options()['CA']).toBe('Californie'));
    expect(options()).toMatchObject({ NC: 'Caroline du Nord', NY: 'New York', TX: 'Texas' });
    type($<HTMLSelectElement>('[name=country]')!, 'CA');
    await vi.waitFor(() => expect(options()['BC']).toBe('Colombie-Britannique'));
    expect(options()).toMatchObject({ NT: 'Territoires du Nord-Ouest', ON: 'Ontario' });
    type($<HTMLSelectElement>('[name=country]')!, 'AU');
    await vi.waitFor(() => expect(options()['NSW']).toBe('Nouvelle-Galles du Sud'));
    // sorted in French: "Australie-Méridionale" first
    expect([...$<HTMLSelectElement>('[name=subdivision]')!.options].map((o) => o.value).slice(1, 3)).toEqual([
      'SA',
      'WA',
    ]);
    expect(text()).not.toContain('California');
    // the French names travel only with French (their own chunk): not in the English dictionary, nor in the pack
    expect(JSON.stringify(memberStrings)).not.toMatch(/Californie|Galles|Colombie/);
    expect(JSON.stringify(frPack)).not.toMatch(/Californie|Galles|Colombie/);
  });

  it('an address saved with a name and phone: one write with the addresses, the member’s name and main phone', async () => {
    $session.set({ status: 'member', role: 'member', member: member({ phones: ['+33 1 00'] }) });
    reply = (c) => (c.method === 'PATCH' ? json(200, { member: member() }) : undefined);
    const { $, button } = await mount({ section: 'addresses' });
    await vi.waitFor(() => expect(button(/Add address/)).toBeDefined());
    button(/Add address/)!.click();
    await vi.waitFor(() => expect($('[name=city]')).not.toBeNull());
    expect($<HTMLInputElement>('[name=phone]')!.value).toBe('+33 1 00'); // the main phone
    type($<HTMLSelectElement>('[name=country]')!, 'FR');
    type($<HTMLInputElement>('[name=lastName]')!, 'Lovelace');
    type($<HTMLInputElement>('[name=phone]')!, 'call me');
    type($<HTMLInputElement>('[name=addressLine]')!, '1 Rue Haute');
    type($<HTMLInputElement>('[name=city]')!, 'Lyon');
    type($<HTMLInputElement>('[name=postalCode]')!, '69001');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[name=phone]')!.getAttribute('aria-invalid')).toBe('true'));
    expect(sent('/members/')).toHaveLength(0);
    type($<HTMLInputElement>('[name=phone]')!, '+33 4 78 00 00 00');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect(sent('/members/')).toHaveLength(1));
    expect(sent('/members/')[0]!.body).toEqual({
      member: {
        id: 'm-1',
        contact: {
          addresses: [{ addressLine: '1 Rue Haute', city: 'Lyon', postalCode: '69001', country: 'FR' }],
          firstName: 'Ada',
          lastName: 'Lovelace',
          phones: ['+33 4 78 00 00 00', '+33 1 00'],
        },
      },
    });
  });

  it('the profile section is the shared profile: names, name on the site and community, phones, contact emails in plain words, password, deletion; buttons sized to their text', async () => {
    const { $, $$, text } = await mount({ section: 'profile' });
    await vi.waitFor(() => expect($('form[part=public-form]')).not.toBeNull());
    expect($$('h3').map((h) => h.textContent)).toEqual([
      'Your name',
      'On the site',
      'Phone numbers',
      'Contact emails',
      'Password',
      'Delete my account',
    ]);
    expect($<HTMLInputElement>('[name=nickname]')).not.toBeNull();
    expect($<HTMLInputElement>('[name=community]')!.type).toBe('checkbox');
    expect(text()).toContain('Removing them removes the whole list; your sign-in email stays.');
    expect(text()).not.toContain('not one by one');
    // the account shows the addresses in their own section (the same address book as the header's profile)
    expect($('[part=addresses]')).toBeNull();
    expect($$('button').filter((b) => b.classList.contains('wide'))).toEqual([]);
  });

  it('a refused save keeps what was typed and shows the platform’s field error', async () => {
    reply = (c) =>
      c.method === 'PATCH'
        ? json(400, {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [
                  {
                    field: 'member.contact.addresses[0].postalCode',
                    description: 'too long',
                    violatedRule: 'MAX_LENGTH',
                  },
                ],
              },
            },
          })
        : undefined;
    const { $, button } = await mount({ section: 'addresses' });
    await vi.waitFor(() => expect(button(/Add address/)).toBeDefined());
    button(/Add address/)!.click();
    await vi.waitFor(() => expect($('[name=city]')).not.toBeNull());
    type($<HTMLInputElement>('[name=addressLine]')!, '1 Rue Haute');
    type($<HTMLInputElement>('[name=city]')!, 'Lyon');
    type($<HTMLInputElement>('[name=postalCode]')!, '69001');
    type($<HTMLSelectElement>('[name=country]')!, 'FR');
    button(/^Save$/)!.click();
    await vi.waitFor(() => expect($('[name=postalCode]')!.getAttribute('aria-invalid')).toBe('true'));
    expect($<HTMLInputElement>('[name=city]')!.value).toBe('Lyon');
    expect(el_text($('[name=postalCode]')!.parentElement!)).toContain('too long');
  });

  it('deleting the account needs the box ticked, then signs out and says so', async () => {
    reply = (c) => (c.url.includes('/members/v1/members/my') && c.method === 'DELETE' ? json(200, {}) : undefined);
    const { el, $, text, button } = await mount({ section: 'profile', 'content-assignee': 'm-owner' });
    const deleted: unknown[] = [];
    el.addEventListener('inlay-account-delete', (e) => deleted.push(e.detail));
    await vi.waitFor(() => expect(button(/^Delete my account$/)).toBeDefined());
    button(/^Delete my account$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Reviews you wrote stay on the site'));
    button(/Delete my account for good/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Tick the box to confirm.'));
    expect(sent('/members/v1/members/my')).toHaveLength(0);
    $<HTMLInputElement>('form[part=delete-form] input[type=checkbox]')!.click();
    button(/Delete my account for good/)!.click();
    await vi.waitFor(() => expect(deleted).toHaveLength(1));
    const call = sent('/members/v1/members/my')[0]!;
    expect(call.method).toBe('DELETE');
    expect(new URL(call.url).searchParams.get('contentAssigneeId')).toBe('m-owner');
  });
});

const el_text = (e: Element) => e.textContent ?? '';
