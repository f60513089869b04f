import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { deferred, fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';

// the console's chunks, imported once before the tests (a first import is slow on a busy machine; the waits are 1 s)
beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('../reviews/view.tsx'),
    import('./view.tsx'),
    import('../orders/view.tsx'),
    import('../orders/detail/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const LIST = `${B}/v1/admin/abandoned-checkouts`;
const XSS = '<img src=x onerror="window.__xss=1">';
const HOUR = 3_600_000;
const iso = (ago: number) => new Date(Date.now() - ago).toISOString();
const checkout = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  status: 'ABANDONED',
  createdDate: iso(2 * HOUR),
  ageSeconds: 7200,
  buyer: { type: 'VISITOR', email: `${id}@example.com`, firstName: 'Sam', lastName: 'Rivera' },
  value: { amount: '42.50', formatted: '$42.50', currency: 'USD' },
  itemCount: 3,
  activities: [],
  recoveryEmail: { canSend: true },
  ...extra,
});
const refusal = (status: number, code: string, data: Record<string, unknown> = {}) =>
  json(status, { message: code, details: { applicationError: { code, description: code, data } } });

let member: Member;
let items: Record<string, unknown>[];
let mailConfigured = true;
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${B}/v1/reviews/pending`) return json(200, { reviews: [] });
  if (call.url === LIST) return json(200, { abandonedCheckouts: items, mailConfigured });
  const one = /\/abandoned-checkouts\/([^/]+)$/.exec(call.url);
  if (one) {
    const a = items.find((x) => x['id'] === one[1]);
    return a ? json(200, { abandonedCheckout: { lineItems: [], ...a } }) : refusal(404, 'NOT_FOUND');
  }
  const send = /\/abandoned-checkouts\/([^/]+)\/recovery-email$/.exec(call.url);
  if (send) {
    const a = items.find((x) => x['id'] === send[1])!;
    const sent = { ...a, lastEmailSentDate: iso(0), recoveryEmail: { canSend: false, reason: 'RECENTLY_SENT' } };
    return json(200, {
      sent: true,
      to: (a['buyer'] as { email: string }).email,
      recorded: true,
      abandonedCheckout: { lineItems: [], ...sent },
    });
  }
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin'); // (the console keeps its tab and open order in the page's URL)
  net.calls.length = 0;
  reply = () => undefined;
  mailConfigured = true;
  items = [checkout('a1'), checkout('a2', { buyer: { type: 'MEMBER', email: 'x@example.com', firstName: XSS } })];
  member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});

async function mount(attrs: Record<string, string> = { section: 'abandoned' }) {
  const { el, $, $$ } = await mountWidget('inlay-admin', attrs, net.fetch, { companion: B });
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp, root: ParentNode = el.shadowRoot!) =>
    [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement | undefined;
  const row = (id: string) => $$('[part=checkout]').find((r) => r.textContent!.includes(`${id}@example.com`))!;
  return { el, $, $$, text, button, row };
}

describe('<inlay-admin section="abandoned">', () => {
  it('a tablist: Orders, Reviews, Abandoned checkouts, Members, Media and Settings; arrows, Home and End move between them and load each section', async () => {
    const { $, $$, text } = await mount({ section: 'reviews' });
    await vi.waitFor(() => expect($$('[role=tab]')).toHaveLength(6));
    const [orders, reviews, abandoned, , , settings] = $$<HTMLButtonElement>('[role=tab]');
    expect(orders!.textContent).toBe('Orders');
    expect(reviews!.getAttribute('aria-selected')).toBe('true');
    expect(abandoned!.textContent).toBe('Abandoned checkouts');
    expect($('[role=tabpanel]')!.getAttribute('aria-labelledby')).toBe(reviews!.id);
    await vi.waitFor(() => expect(text()).toContain('No reviews are waiting.'));
    expect(sent('/abandoned-checkouts')).toEqual([]);
    reviews!.focus();
    $('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await vi.waitFor(() => expect(abandoned!.getAttribute('aria-selected')).toBe('true'));
    expect(abandoned!.tabIndex).toBe(0);
    expect(reviews!.tabIndex).toBe(-1);
    await vi.waitFor(() => expect($$('[part=checkout]')).toHaveLength(2));
    expect($('[role=tabpanel]')!.getAttribute('aria-labelledby')).toBe(abandoned!.id);
    $('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await vi.waitFor(() => expect(orders!.getAttribute('aria-selected')).toBe('true'));
    $('[role=tablist]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await vi.waitFor(() => expect(settings!.getAttribute('aria-selected')).toBe('true'));
    expect(settings!.textContent).toBe('Settings');
  });

  it('the list: buyer, value as money, items, age and status in words; names as text; filter and Show more', async () => {
    items = [
      checkout('a1'),
      checkout('a2', { buyer: { email: 'a2@example.com', firstName: XSS } }),
      checkout('a3', {
        status: 'RECOVERED',
        checkoutRecoveredDate: iso(HOUR),
        recoveryEmail: { canSend: false, reason: 'RECOVERED' },
      }),
    ];
    reply = (call) =>
      call.url === LIST && !(call.body as { cursor?: string }).cursor && !(call.body as { status?: string }).status
        ? json(200, { abandonedCheckouts: items, mailConfigured, next: 'CUR' })
        : call.url === LIST && (call.body as { cursor?: string }).cursor
          ? json(200, { abandonedCheckouts: [checkout('a4')], mailConfigured })
          : undefined;
    const { $, $$, text, button, row } = await mount();
    await vi.waitFor(() => expect($$('[part=checkout]')).toHaveLength(3));
    expect(sent('/abandoned-checkouts')[0]!.body).toEqual({});
    const a1 = row('a1').textContent!;
    expect(a1).toContain('Sam Rivera');
    expect(a1).toContain('$42.50');
    expect(a1).toContain('3 items');
    expect(a1).toContain('Left 2 hours ago');
    expect(a1).toContain('Not recovered');
    expect(text()).not.toMatch(/\bABANDONED\b|\bRECOVERED\b/);
    expect(row('a3').textContent).toContain('Recovered 1 hour ago');
    expect(row('a3').textContent).toContain('The buyer already completed this checkout');
    expect(button(/Send/, row('a3'))).toBeUndefined();
    expect(text()).toContain(XSS);
    expect($$('img')).toHaveLength(0);
    expect((window as { __xss?: number }).__xss).toBeUndefined();

    button(/Show more/)!.click();
    await vi.waitFor(() => expect($$('[part=checkout]')).toHaveLength(4));
    expect(sent('/abandoned-checkouts')[1]!.body).toEqual({ cursor: 'CUR' });
    expect(button(/Show more/)).toBeUndefined();

    const select = $<HTMLSelectElement>('select')!;
    select.value = 'RECOVERED';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(sent('/abandoned-checkouts')).toHaveLength(3));
    expect(sent('/abandoned-checkouts')[2]!.body).toEqual({ status: 'RECOVERED' });
  });

  it('right to left values keep their order: the buyer, the value, counts and ages each in their own run, the question isolated', async () => {
    items = [
      checkout('a1', {
        buyer: { type: 'MEMBER', email: 'a1@example.com', firstName: 'שרה', lastName: 'כהן 2' },
        lineItems: [{ name: 'ספל 3', quantity: 4, price: '$10.00' }],
      }),
    ];
    const { $, $$, button, row } = await mount();
    await vi.waitFor(() => expect($$('[part=checkout]')).toHaveLength(1));
    // the count sentence isolated ("1 checkout", never "checkout 1" right to left)
    expect($$('p.muted > bdi').map((b) => b.textContent)).toContain('1 checkout');
    // the Hebrew name with its number stays one run; the email, the value and each count sentence in their own
    expect(row('a1').querySelector('.who bdi')!.textContent).toBe('שרה כהן 2');
    expect([...row('a1').querySelectorAll('.meta bdi')].map((b) => b.textContent)).toEqual([
      'a1@example.com',
      '$42.50',
      '3 items',
      'Left 2 hours ago',
    ]);
    expect(row('a1').querySelector('[part=status]')!.tagName).toBe('BDI');
    // a line: its name isolated from the quantity beside it; its price in its own run
    button(/^Details$/, row('a1'))!.click();
    await vi.waitFor(() => expect($('[part=lines]')).not.toBeNull());
    const line = $('[part=lines] li')!;
    expect(line.querySelector('bdi')!.textContent).toBe('ספל 3');
    expect(line.textContent).toBe('ספל 3 × 4$10.00');
    expect(line.querySelector('bdi.muted')!.textContent).toBe('$10.00');
    // the confirmation's question is one isolated sentence
    button(/^Send recovery email$/, row('a1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm] p')).not.toBeNull());
    expect($('[part=confirm] p')!.textContent).toMatch(/^\u2068Send a recovery email to a1@example\.com\?.*\u2069$/);
  });

  it('send: a confirmation naming the address, nothing sent before it; one call however many clicks; sent said', async () => {
    const held = deferred<Response>();
    reply = (call) => (call.url.endsWith('/a1/recovery-email') ? held.promise : undefined);
    const { $, text, button, row } = await mount();
    await vi.waitFor(() => expect(row('a1')).toBeDefined());
    button(/^Send recovery email$/, row('a1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    expect($('[part=confirm]')!.textContent).toContain(
      'Send a recovery email to a1@example.com? It lists the 3 items ($42.50) and links back to this checkout.',
    );
    // the question takes focus
    await vi.waitFor(() =>
      expect(($('[part=confirm]')!.getRootNode() as ShadowRoot).activeElement).toBe($('[part=confirm] p')),
    );
    expect(sent('/recovery-email')).toEqual([]);
    button(/^Send email$/)!.click();
    await vi.waitFor(() => expect(button(/^Send recovery email$/, row('a1'))!.disabled).toBe(true));
    button(/^Send recovery email$/, row('a1'))!.click();
    held.resolve(
      json(200, {
        sent: true,
        to: 'a1@example.com',
        recorded: false,
        abandonedCheckout: { ...checkout('a1'), lineItems: [], lastEmailSentDate: iso(0) },
      }),
    );
    await vi.waitFor(() => expect($('[part=sent]')).not.toBeNull());
    expect($('[part=sent]')!.textContent).toBe(
      'Recovery email sent to a1@example.com. It went, but the platform did not record it on the checkout.',
    );
    expect(sent('/recovery-email')).toHaveLength(1);
    expect(sent('/recovery-email')[0]!.body).toEqual({});
    expect(text()).toContain('Last recovery email');
  });

  it('RECENTLY_SENT: its date in words and “Send anyway”, which confirms again and sends with force', async () => {
    const last = iso(3 * HOUR);
    let first = true;
    reply = (call) => {
      if (!call.url.endsWith('/a1/recovery-email') || !first) return undefined;
      first = false;
      return refusal(409, 'RECENTLY_SENT', { reason: 'RECENTLY_SENT', lastSentDate: last, forceable: true });
    };
    const { $, button, row } = await mount();
    await vi.waitFor(() => expect(row('a1')).toBeDefined());
    button(/^Send recovery email$/, row('a1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    button(/^Send email$/)!.click();
    await vi.waitFor(() => expect($('[part=send-error]')).not.toBeNull());
    expect($('[part=send-error]')!.textContent).toContain('A recovery email already went to this buyer 3 hours ago (');
    expect($('[part=send-error]')!.textContent).not.toContain('RECENTLY_SENT');
    button(/^Send anyway$/, $('[part=send-error]')!)!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    expect($('[part=confirm]')!.textContent).toContain(
      'Send another recovery email to a1@example.com? The last one went 3 hours ago',
    );
    button(/^Send email$/)!.click();
    await vi.waitFor(() => expect($('[part=sent]')).not.toBeNull());
    expect(sent('/recovery-email').map((c) => c.body)).toEqual([{}, { force: true }]);
  });

  it('each refusal in words, never the code; the checkout is read again after it', async () => {
    const words: Record<string, string> = {
      ALREADY_RECOVERED: 'The buyer already completed this checkout',
      NO_BUYER_EMAIL: 'the buyer left no email address',
      NO_RECOVERY_LINK: 'the platform gave no link back to this checkout',
      NO_CONSENT: 'only to members, at the email they sign in with',
      MAIL_NOT_CONFIGURED: 'the site companion has no mail service set up',
      SEND_IN_PROGRESS: 'is being sent or has just gone',
      MAIL_FAILED: 'The mail service did not take the email, so nothing was sent',
    };
    for (const [code, said] of Object.entries(words)) {
      document.body.replaceChildren();
      net.calls.length = 0;
      reply = (call) =>
        call.url.endsWith('/a1/recovery-email')
          ? refusal(code === 'MAIL_FAILED' ? 502 : 409, code, { reason: code })
          : undefined;
      const { $, text, button, row } = await mount();
      await vi.waitFor(() => expect(row('a1')).toBeDefined());
      button(/^Send recovery email$/, row('a1'))!.click();
      await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
      button(/^Send email$/)!.click();
      await vi.waitFor(() => expect($('[part=send-error]')?.textContent, code).toContain(said));
      expect(text(), code).not.toContain(code);
      expect($('[part=send-error]')!.getAttribute('role')).toBe('alert');
      // a refusal that may pass later offers to try again; the others do not
      expect(!!button(/Try again/, $('[part=send-error]')!), code).toBe(/SEND_IN_PROGRESS|MAIL_FAILED/.test(code));
      await vi.waitFor(() => expect(sent('/abandoned-checkouts/a1').filter((c) => c.method === 'GET')).toHaveLength(1));
    }
  });

  it('NO_CONSENT: an address typed at checkout is said up front, in words, with no send offered', async () => {
    items = [checkout('a1', { recoveryEmail: { canSend: false, reason: 'NO_CONSENT' } }), checkout('a2')];
    const { text, button, row } = await mount();
    await vi.waitFor(() => expect(row('a1')).toBeDefined());
    const reason = row('a1').querySelector('[part=reason]')!;
    expect(reason.textContent).toContain('any address at checkout');
    expect(reason.textContent).toContain('only to members, at the email they sign in with');
    expect(button(/Send/, row('a1'))).toBeUndefined();
    expect(button(/^Send recovery email$/, row('a2'))).toBeDefined();
    expect(text()).not.toContain('NO_CONSENT');
  });

  it('an answer lost on the way: the checkout is read back, and a newer EMAIL_SENT says it went', async () => {
    reply = (call) => {
      if (call.url.endsWith('/a1/recovery-email')) {
        items[0] = {
          ...items[0],
          lastEmailSentDate: iso(0),
          activities: [{ type: 'EMAIL_SENT', createdDate: iso(0) }],
        };
        throw new TypeError('Failed to fetch');
      }
      return undefined;
    };
    const { $, button, row } = await mount();
    await vi.waitFor(() => expect(row('a1')).toBeDefined());
    button(/^Send recovery email$/, row('a1'))!.click();
    await vi.waitFor(() => expect($('[part=confirm]')).not.toBeNull());
    button(/^Send email$/)!.click();
    await vi.waitFor(() => expect($('[part=sent]')?.textContent).toBe('Recovery email sent to a1@example.com.'));
    expect($('[part=send-error]')).toBeNull();
    expect(sent('/recovery-email')).toHaveLength(1);
  });

  it('no mail service: said up front; details show the lines and the activity in words', async () => {
    mailConfigured = false;
    items = [
      checkout('a1', {
        recoveryEmail: { canSend: false, reason: 'MAIL_NOT_CONFIGURED' },
        activities: [
          { type: 'EMAIL_NOT_SENT', createdDate: iso(HOUR) },
          { type: 'AUTOMATION_SKIPPED', createdDate: iso(HOUR) },
        ],
        lineItems: [{ name: XSS, quantity: 2, price: '$10.00' }],
      }),
    ];
    const { $, $$, text, button, row } = await mount();
    await vi.waitFor(() => expect($('[part=mail-off]')).not.toBeNull());
    expect($('[part=mail-off]')!.textContent).toContain('no mail service set up');
    expect(button(/Send/, row('a1'))).toBeUndefined();
    const details = button(/^Details$/, row('a1'))!;
    expect(details.getAttribute('aria-expanded')).toBe('false');
    details.click();
    await vi.waitFor(() => expect($('[part=lines]')).not.toBeNull());
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect($('[part=lines]')!.textContent).toContain(`${XSS} × 2`);
    expect($('[part=activities]')!.textContent).toContain('Recovery email not sent');
    expect($('[part=activities]')!.textContent).toContain('Other activity');
    expect(text()).not.toContain('EMAIL_NOT_SENT');
    expect($$('img')).toHaveLength(0);
  });

  it('a failed list says why and reads again; an empty one says so', async () => {
    let fail = true;
    reply = (call) => (call.url === LIST && fail ? refusal(403, 'NOT_OWNER') : undefined);
    items = [];
    const { $, text, button } = await mount();
    await vi.waitFor(() => expect($('[role=alert]')).not.toBeNull());
    fail = false;
    button(/Try again/)!.click();
    await vi.waitFor(() => expect($('[part=empty]')).not.toBeNull());
    expect(text()).toContain('No abandoned checkouts here.');
  });
});
