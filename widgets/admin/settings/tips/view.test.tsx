import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../../core/api/members.ts';
import { addLanguage } from '../../../../core/i18n/index.ts';
import frPack from '../../../languages/fr.ts';

const B = 'https://shop.test/api/inlay';
const TIPS = `${B}/v1/admin/settings/tips`;
const CHECKOUT = `${B}/v1/admin/settings/checkout`;

let tips: Record<string, unknown>;
let checkout: Record<string, unknown>;
/** What the next PUT does: answer, lose the answer after saving, or refuse as stale. */
let putMode: 'ok' | 'lost' | 'stale' = 'ok';
const net = fakeFetch((call: Call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === TIPS && call.method === 'GET') return json(200, { tipSettings: tips });
  if (call.url === TIPS && call.method === 'PUT') {
    const { revision, ...b } = call.body as Record<string, unknown>;
    if (putMode === 'stale' || revision !== tips['revision'])
      return json(409, { message: 'changed', details: { applicationError: { code: 'REVISION_MISMATCH' } } });
    tips = { ...tips, ...b, revision: String(Number(revision) + 1) };
    if (putMode === 'lost') throw new TypeError('Failed to fetch');
    return json(200, { tipSettings: tips });
  }
  if (call.url === CHECKOUT && call.method === 'GET') return json(200, { checkoutSettings: checkout });
  if (call.url === CHECKOUT && call.method === 'PATCH') {
    checkout = call.body as Record<string, unknown>;
    return json(200, { checkoutSettings: checkout });
  }
  return json(404, {});
});

const policy = { visible: false, content: '' };
beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  putMode = 'ok';
  tips = {
    id: 't1',
    revision: '1',
    tipType: 'PERCENTAGE',
    presets: [
      { value: 10, default: false },
      { value: 15, default: true },
      { value: 20, default: false },
    ],
    allowCustomerTip: false,
    allowCustomAmount: true,
  };
  checkout = {
    checkoutPolicies: {
      termsAndConditions: policy,
      privacyPolicy: policy,
      returnPolicy: policy,
      digitalItemPolicy: policy,
      contactUs: policy,
      customPolicy: { ...policy, title: '' },
    },
    checkoutFields: {
      subscriptionCheckbox: { visible: false, checkedByDefault: false, splitByChannel: false },
      policyAgreementCheckbox: { visible: false, checkedByDefault: false },
    },
    header: { text: '', logoSize: 'MEDIUM', alignment: 'SIDE', displayCheckoutLabel: true },
  };
  $session.set({ status: 'member', role: 'member', member: { id: `o-${Math.random()}`, contact: {} } as Member });
});

const open = async (setting: string, locale?: string) => {
  history.replaceState(null, '', `/admin?admin-section=settings&admin-setting=${setting}`);
  const m = await mountWidget('inlay-admin', {}, net.fetch, { companion: B, ...(locale ? { locale } : {}) });
  const button = (text: string) => m.$$<HTMLButtonElement>('button').find((b) => b.textContent === text)!;
  const check = (text: string) =>
    m
      .$$<HTMLLabelElement>('label.check')
      .find((l) => l.textContent === text)!
      .querySelector('input')!;
  const type = (el: HTMLInputElement | HTMLTextAreaElement, v: string) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { ...m, button, check, type, text: () => m.el.shadowRoot!.textContent ?? '' };
};
const puts = () => net.calls.filter((c) => c.url === TIPS && c.method === 'PUT');

describe('Settings › Tips', () => {
  it('turns tips on with a changed choice, after a confirmation; a bad value is said first and nothing is sent', async () => {
    const before = puts().length;
    const { $, $$, button, check, type, text } = await open('tips');
    await vi.waitFor(() => expect($$('[part=tip-choice]')).toHaveLength(3));
    check('Offer a tip at checkout').click();
    const first = $<HTMLInputElement>('[part=tip-choice] input[inputmode=decimal]')!;
    type(first, '150');
    button('Save').click();
    await vi.waitFor(() => expect(text()).toContain('A percentage can be at most 100'));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect($('[part=tips-confirm]')).toBeNull();
    type(first, '12,5');
    await vi.waitFor(() => expect($('[part=tips-preview]')!.textContent).toContain('12.5%'));
    button('Save').click();
    await vi.waitFor(() => expect($('[part=tips-confirm]')).not.toBeNull());
    expect(text()).toContain('Shoppers see these tip choices at checkout from now on.');
    expect(puts()).toHaveLength(before);
    $<HTMLButtonElement>('[part=tips-confirm] button[type=submit]')!.click();
    await vi.waitFor(() => expect(text()).toContain('Tip settings saved.'));
    expect(puts().at(-1)!.body).toEqual({
      revision: '1',
      tipType: 'PERCENTAGE',
      presets: [
        { value: 12.5, default: false },
        { value: 15, default: true },
        { value: 20, default: false },
      ],
      allowCustomerTip: true,
      allowCustomAmount: true,
    });
  });

  it('a lost answer: read back, the save went through: said saved, not sent again', async () => {
    putMode = 'lost';
    const { $, $$, button, check, text } = await open('tips');
    await vi.waitFor(() => expect($$('[part=tip-choice]')).toHaveLength(3));
    check('Offer a tip at checkout').click();
    button('Save').click();
    await vi.waitFor(() => expect($('[part=tips-confirm]')).not.toBeNull());
    const n = puts().length;
    $<HTMLButtonElement>('[part=tips-confirm] button[type=submit]')!.click();
    await vi.waitFor(() => expect(text()).toContain('Tip settings saved.'));
    expect(puts()).toHaveLength(n + 1);
    expect(tips['allowCustomerTip']).toBe(true);
  });

  it('settings changed meanwhile (stale revision): said, the changes typed kept', async () => {
    putMode = 'stale';
    const m = await open('tips');
    const { $, $$, button, type, text } = m;
    await vi.waitFor(() => expect($$('[part=tip-choice]')).toHaveLength(3));
    m.$$<HTMLButtonElement>('button[aria-label="Remove choice 3"]')[0]!.click();
    type($<HTMLInputElement>('[part=tip-choice] input[inputmode=decimal]')!, '8');
    button('Save').click();
    await vi.waitFor(() => expect($('[part=tips-confirm]')).not.toBeNull());
    $<HTMLButtonElement>('[part=tips-confirm] button[type=submit]')!.click();
    await vi.waitFor(() => expect(text()).toContain('These settings changed since you opened them'));
    expect($$('[part=tip-choice]')).toHaveLength(2);
    expect($<HTMLInputElement>('[part=tip-choice] input[inputmode=decimal]')!.value).toBe('8');
  });
});

describe('Settings › Checkout', () => {
  it('shows a policy with its text and the agreement box, after a confirmation', async () => {
    const { $, button, check, type, text } = await open('checkout');
    await vi.waitFor(() => expect(text()).toContain('Show “Return policy” at checkout'));
    check('Show “Return policy” at checkout').click();
    await vi.waitFor(() => expect($('textarea')).not.toBeNull());
    type($<HTMLTextAreaElement>('textarea')!, 'Returns within 30 days.');
    check('Ask shoppers to agree to the policies (they must tick it to pay)').click();
    button('Save').click();
    await vi.waitFor(() => expect($('[part=checkout-confirm]')).not.toBeNull());
    $<HTMLButtonElement>('[part=checkout-confirm] button[type=submit]')!.click();
    await vi.waitFor(() => expect(text()).toContain('Checkout settings saved.'));
    const sent = net.calls.filter((c) => c.url === CHECKOUT && c.method === 'PATCH').at(-1)!.body as typeof checkout;
    expect(sent['checkoutPolicies']).toMatchObject({
      returnPolicy: { visible: true, content: 'Returns within 30 days.' },
    });
    expect(sent['checkoutFields']).toMatchObject({
      policyAgreementCheckbox: { visible: true, checkedByDefault: false },
    });
  });
});

describe('in French', () => {
  it('each section opens with its French words', async () => {
    addLanguage('fr', { ...frPack });
    const tips = await open('tips', 'fr');
    await vi.waitFor(() => expect(tips.$$('[part=tip-choice]')).toHaveLength(3));
    await vi.waitFor(() => expect(tips.text()).toContain('Type de pourboire'));
    expect(tips.text()).toContain('Choix proposés');
    document.body.replaceChildren();
    const co = await open('checkout', 'fr');
    await vi.waitFor(() => expect(co.text()).toContain('Afficher « Politique de retour » au paiement'));
  });

  it('the page turning French after a section loaded: the section follows, its words French', async () => {
    const tips = await open('tips');
    await vi.waitFor(() => expect(tips.$$('[part=tip-choice]')).toHaveLength(3));
    expect(tips.text()).not.toContain('Type de pourboire');
    addLanguage('fr', { ...frPack });
    tips.context.$locale.set('fr');
    await vi.waitFor(() => expect(tips.text()).toContain('Type de pourboire'));
  });
});
