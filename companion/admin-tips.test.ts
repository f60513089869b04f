/**
 * The owner console's tips and checkout settings through the companion, against a real emulator (SQLite): only the
 * owner reads and saves; a save at a stale revision (another tab, or the same save sent again after its answer was
 * lost) is refused and changes nothing; a bad body is 400; what is saved is what the hosted checkout then uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, type Harness } from './test-helpers.ts';

const TIPS = '/v1/admin/settings/tips';
const CHECKOUT = '/v1/admin/settings/checkout';

let h: Harness;
let owner: string;
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const tipsBody = (revision: string, over: Record<string, unknown> = {}) => ({
  revision,
  tipType: 'PERCENTAGE',
  presets: [
    { value: 10, default: false },
    { value: 15, default: true },
    { value: 20, default: false },
  ],
  allowCustomerTip: true,
  allowCustomAmount: true,
  ...over,
});

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
});
afterAll(() => h.close());

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER on every route, before the body is read; no token 401', async () => {
    const [visitor, member] = [await h.visitor(), await h.member()];
    for (const token of [visitor, member]) {
      const calls = [
        h.call(TIPS, { token }),
        h.call(TIPS, post(tipsBody('1'), token, 'PUT')),
        h.call(TIPS, { method: 'PUT', body: 'not json', headers: { 'Content-Type': 'text/plain' }, token }),
        h.call(CHECKOUT, { token }),
        h.call(CHECKOUT, post({ __proto__: 1 }, token, 'PATCH')),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, code(r)]).toEqual([403, 'NOT_OWNER']);
    }
    expect((await h.call(TIPS)).status).toBe(401);
    // nothing changed
    expect((await h.call(TIPS, { token: owner })).body_.tipSettings.allowCustomerTip).toBe(false);
  });
});

describe('tips', () => {
  it('reads the default settings; saves at the revision read; the same save again is refused and changes nothing', async () => {
    const read = await h.call(TIPS, { token: owner });
    expect(read.status).toBe(200);
    const s = read.body_.tipSettings;
    expect(s).toMatchObject({ tipType: 'PERCENTAGE', allowCustomerTip: false, revision: expect.any(String) });

    const saved = await h.call(
      TIPS,
      post(tipsBody(s.revision, { presets: [{ value: 12, default: true }] }), owner, 'PUT'),
    );
    expect(saved.status).toBe(200);
    expect(saved.body_.tipSettings).toMatchObject({ allowCustomerTip: true, presets: [{ value: 12, default: true }] });

    // the answer lost, the save sent again with the revision first read: refused, nothing applied twice
    const again = await h.call(
      TIPS,
      post(tipsBody(s.revision, { presets: [{ value: 99, default: true }] }), owner, 'PUT'),
    );
    expect([again.status, code(again)]).toEqual([409, 'REVISION_MISMATCH']);
    const after = (await h.call(TIPS, { token: owner })).body_.tipSettings;
    expect(after.presets).toEqual([{ value: 12, default: true }]);
    expect(after.revision).toBe(saved.body_.tipSettings.revision);
  });

  it('the platform’s refusals relayed; a bad body 400 with the field', async () => {
    const s = (await h.call(TIPS, { token: owner })).body_.tipSettings;
    const two = await h.call(
      TIPS,
      post(
        tipsBody(s.revision, {
          presets: [
            { value: 5, default: true },
            { value: 6, default: true },
          ],
        }),
        owner,
        'PUT',
      ),
    );
    expect([two.status, code(two)]).toEqual([400, 'CANNOT_HAVE_MORE_THAN_ONE_DEFAULT_PRESET']);
    const high = await h.call(
      TIPS,
      post(tipsBody(s.revision, { presets: [{ value: 120, default: false }] }), owner, 'PUT'),
    );
    expect(code(high)).toBe('PRESET_PERCENTAGE_TOO_HIGH');
    const four = await h.call(
      TIPS,
      post(tipsBody(s.revision, { presets: [1, 2, 3, 4].map((value) => ({ value, default: false })) }), owner, 'PUT'),
    );
    expect(four.status).toBe(400);
    expect(JSON.stringify(four.body_)).toContain('presets');
    const extra = await h.call(TIPS, post({ ...tipsBody(s.revision), userId: 'x' }, owner, 'PUT'));
    expect(extra.status).toBe(400);
  });

  it('creates the default settings when the site has none; a second create is refused', async () => {
    h.emu.db.prepare('DELETE FROM tip_settings').run();
    expect((await h.call(TIPS, { token: owner })).body_.tipSettings).toBeNull();
    const made = await h.call(TIPS, post(tipsBody('0'), owner, 'PUT'));
    expect(made.status).toBe(200);
    expect(made.body_.tipSettings.presets).toHaveLength(3);
  });
});

describe('checkout settings', () => {
  it('reads the defaults, saves every field, and the same save twice leaves them as once', async () => {
    const read = await h.call(CHECKOUT, { token: owner });
    expect(read.status).toBe(200);
    const cs = read.body_.checkoutSettings;
    expect(cs.header).toEqual({ text: '', logoSize: 'MEDIUM', alignment: 'SIDE', displayCheckoutLabel: true });
    const body = {
      ...cs,
      checkoutPolicies: { ...cs.checkoutPolicies, returnPolicy: { visible: true, content: '30 days.' } },
      checkoutFields: { ...cs.checkoutFields, policyAgreementCheckbox: { visible: true, checkedByDefault: false } },
      header: { text: 'Fernwood', logoSize: 'LARGE', alignment: 'CENTER', displayCheckoutLabel: false },
    };
    const saved = await h.call(CHECKOUT, post(body, owner, 'PATCH'));
    expect(saved.status).toBe(200);
    expect(saved.body_.checkoutSettings).toEqual(body);
    const twice = await h.call(CHECKOUT, post(body, owner, 'PATCH'));
    expect(twice.body_.checkoutSettings).toEqual(body);
    const long = await h.call(
      CHECKOUT,
      post({ ...body, header: { ...body.header, text: 'x'.repeat(56) } }, owner, 'PATCH'),
    );
    expect(long.status).toBe(400);
    expect((await h.call(CHECKOUT, { token: owner })).body_.checkoutSettings).toEqual(body);
  });
});
