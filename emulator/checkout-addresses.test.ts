/**
 * The hosted checkout and a member's addresses (issue 44, docs/wire.md "i44-profile"): a member's checkout is filled
 * with their name and default address, and the address paid with can be saved to their account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { memberAddresses, memberById } from './domain/identity.ts';
import { seedIds } from './seed.ts';
import {
  api,
  CHECKOUT_FORM,
  createTestMember,
  memberTokens,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const CART = '/ecom/v1/carts/current';
const TAPERS = seedIds.products['beeswax-taper-candles']!; // stock not tracked

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

/** A new checkout of one item for `token`'s holder, and its hosted page's URL. */
async function hostedCheckout(token: string): Promise<URL> {
  const lineItems = [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: TAPERS }, quantity: 1 }];
  expect((await api(emu, `${CART}/add-to-cart`, { token, body: { lineItems } })).status).toBe(200);
  const { checkoutId } = (await api(emu, `${CART}/create-checkout`, { token, body: { channelType: 'WEB' } })).json;
  const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
    token,
    body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' } },
  });
  expect(rs.status).toBe(200);
  return new URL(rs.json.redirectSession.fullUrl);
}
const pay = (url: URL, fields: Record<string, string>) =>
  fetch(`${url.origin}/_hosted/checkout${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams({ ...CHECKOUT_FORM, ...fields }).toString(),
  });
const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]* value="([^"]*)"`).exec(html)?.[1];
/** The option chosen in a select (the region is one since the hosted checkout's region select). */
const chosenIn = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*>(?:(?!</select>)[\\s\\S])*?<option value="([^"]*)" selected`).exec(html)?.[1];
const BOX = /<input type="checkbox" name="saveAddress" value="1"( checked)?>/;

describe('hosted checkout: a member’s addresses', () => {
  it('a visitor gets no box, and a box posted anyway saves nothing anywhere', async () => {
    const { access } = await visitorTokens(emu);
    const url = await hostedCheckout(access);
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('Save this address to my account');
    const r = await pay(url, { saveAddress: '1' });
    expect(r.status).toBe(302);
  });

  it('a member without a name or address: the box ticked; paying saves the address (the default) and the name typed', async () => {
    const id = await createTestMember(emu, `box-${Date.now()}@example.com`, 'long-enough-1');
    const { access } = await memberTokens(emu, { id });
    const url = await hostedCheckout(access);
    const html = await (await fetch(url)).text();
    expect(BOX.exec(html)?.[1]).toBe(' checked');
    expect(html).toContain('It becomes your default address');
    expect(valueOf(html, 'firstName')).toBe('');

    // a value that is not the box's is refused on the page, nothing placed or saved
    const bad = await pay(url, { saveAddress: 'yes' });
    expect(bad.status).toBe(400);
    expect(memberAddresses(emu.db, id)).toEqual([]);

    const r = await pay(url, { saveAddress: '1', firstName: 'Ada', lastName: 'Lovelace', subdivision: 'or' });
    expect(r.status).toBe(302);
    expect(memberAddresses(emu.db, id)).toMatchObject([
      { addressLine: '1 Main St', city: 'Portland', postalCode: '97201', country: 'US', subdivision: 'US-OR' },
    ]);
    expect(memberById(emu.db, id)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    // the member's own read shows it
    const me = await api(emu, '/members/v1/members/my?fieldsets=FULL', { token: access });
    expect(me.json.member.contact).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(me.json.member.contact.addresses).toHaveLength(1);

    // the next checkout (create-checkout given no address): the name and the saved address, the box not ticked
    const next = await hostedCheckout(access);
    const page = await (await fetch(next)).text();
    expect(valueOf(page, 'firstName')).toBe('Ada');
    expect(valueOf(page, 'lastName')).toBe('Lovelace');
    expect(valueOf(page, 'addressLine')).toBe('1 Main St');
    expect(valueOf(page, 'city')).toBe('Portland');
    expect(chosenIn(page, 'subdivision')).toBe('OR');
    expect(BOX.exec(page)?.[1]).toBeUndefined();
    expect(page).toContain('Added to the addresses in your account');

    // the same address again is not added twice; a member with a name keeps it; an unticked box saves nothing
    expect(
      (await pay(next, { saveAddress: '1', firstName: 'Someone', lastName: 'Else', city: 'portland' })).status,
    ).toBe(302);
    expect(memberAddresses(emu.db, id)).toHaveLength(1);
    expect(memberById(emu.db, id)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const third = await hostedCheckout(access);
    expect((await pay(third, { addressLine: '9 Other Rd' })).status).toBe(302);
    expect(memberAddresses(emu.db, id).map((a) => a.addressLine)).toEqual(['1 Main St']);
    // a new address ticked is added after the default
    const fourth = await hostedCheckout(access);
    expect((await pay(fourth, { addressLine: '9 Other Rd', saveAddress: '1' })).status).toBe(302);
    expect(memberAddresses(emu.db, id).map((a) => a.addressLine)).toEqual(['1 Main St', '9 Other Rd']);
  });
});
