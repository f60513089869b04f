import { beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../../../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../../../tests/helpers/fake-fetch.ts';
import { createDiscountsModel } from './model.ts';
import type { Rule, RuleForm } from './model.ts';

const B = 'https://shop.test/api/inlay';
const rule = (o: Partial<Rule> = {}): Rule => ({
  id: 'r1',
  revision: '1',
  name: 'Candles 10%',
  active: true,
  status: 'LIVE',
  usageCount: 0,
  type: 'PERCENTAGE',
  value: '10',
  appliesTo: 'ALL',
  ids: [],
  trigger: 'NONE',
  editable: true,
  ...o,
});
const form: RuleForm = {
  name: 'Candles 10%',
  active: true,
  type: 'PERCENTAGE',
  value: '10',
  appliesTo: 'ALL',
  ids: [],
  trigger: 'NONE',
};
const refusal = (status: number, code: string) =>
  json(status, { message: code, details: { applicationError: { code, description: code } } });

let rules: Rule[];
let reply: (c: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((c) => {
  if (c.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const r = reply(c);
  if (r) return r;
  if (c.url === `${B}/v1/admin/discount-rules/query`) return json(200, { rules });
  return json(500, { message: 'unexpected' });
});
const writes = () => net.calls.filter((c) => c.url === `${B}/v1/admin/discount-rules`);
const model = () =>
  createDiscountsModel(testContext(net.fetch, { clientId: 'c', sleep: async () => {}, companion: B }), {
    page: () => 'https://shop.test/admin',
  });

beforeEach(() => {
  net.calls.length = 0;
  rules = [];
  reply = () => undefined;
});

describe('discounts model', () => {
  it('a create whose answer is lost is read back by name: done, not offered again, sent once', async () => {
    // the rule lands, the answer does not
    reply = (c) =>
      c.url === `${B}/v1/admin/discount-rules` && c.method === 'POST'
        ? ((rules = [rule()]), Promise.reject(new TypeError('Failed to fetch')))
        : undefined;
    const m = model();
    await m.load();
    m.edit();
    expect(await m.save(form)).toBe(true);
    expect(m.$form.get()).toBeUndefined();
    expect(m.$note.get()).toBe('madeAnyway');
    expect(m.$list.get().rules.map((r) => r.name)).toEqual(['Candles 10%']);
    expect(writes()).toHaveLength(1); // a write is never retried by http
  });

  it('a refused name keeps the form with its words; a stale edit reloads the rule at its new revision', async () => {
    reply = (c) =>
      c.url === `${B}/v1/admin/discount-rules` && c.method === 'POST' ? refusal(409, 'ALREADY_EXISTS') : undefined;
    const m = model();
    await m.load();
    m.edit();
    expect(await m.save(form)).toBe(false);
    expect(m.$form.get()).toMatchObject({ busy: false, error: 'exists' });

    rules = [rule({ revision: '3' })];
    reply = (c) => (c.method === 'PATCH' ? refusal(409, 'REVISION_MISMATCH') : undefined);
    m.edit(rule({ revision: '2' }));
    expect(await m.save({ ...form, value: '12' })).toBe(false);
    expect(m.$form.get()).toMatchObject({ id: 'r1', revision: '3', error: 'moved' });
    const patch = net.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ revision: '2', value: '12' });
  });

  it('a failed list says it in words and can be retried', async () => {
    reply = (c) => (c.url.endsWith('/query') && !rules.length ? refusal(403, 'NOT_OWNER') : undefined);
    const m = model();
    await m.load();
    expect(m.$list.get().status).toBe('error');
    expect(m.$list.get().error).toBeTruthy();
    rules = [rule()];
    await m.load();
    expect(m.$list.get()).toMatchObject({ status: 'ready', rules: [expect.objectContaining({ id: 'r1' })] });
  });
});
