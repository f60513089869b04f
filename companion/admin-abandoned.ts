/**
 * The owner console's abandoned checkouts (issue 22 item 4; docs/companion.md "Owner console: abandoned checkouts"):
 * the list with buyer, value and age, one abandoned checkout with its lines, and the recovery email. Every route is
 * the owner's (403 `NOT_OWNER` for anyone else, before the body is read) and calls the platform as the admin
 * identity (Search and Get Abandoned Checkout, Add Abandoned Checkout Activity; docs/wire.md "Abandoned checkouts").
 *
 * The recovery email: the platform has no call that emails a buyer for an app (its own reminder is an automation the
 * owner sets up in the dashboard). The companion does what the platform's API expects of an app that reminds buyers:
 * it renders a plain-text email with the abandoned checkout's `checkoutUrl` (the platform's recovery link, which
 * restores the checkout), sends it through the site's mail service ({@link RecoveryMailer}: `deps.sendMail`, or
 * `INLAY_MAIL_URL`), and records `EMAIL_SENT` (or `EMAIL_NOT_SENT` when the mail service refused) on the abandoned
 * checkout. A second email within {@link RESEND_WINDOW_MS} needs `force: true`; two sends at once never both go.
 *
 * Only to an address the buyer is known to own: any visitor can type any address at checkout, so an email to
 * `buyerInfo.email` as such would let anyone make the site mail a stranger. The platform records no consent or
 * verification on an abandoned checkout (`buyerInfo` holds ids and the typed email), so the companion sends only for a
 * member's checkout whose email is that member's own: `buyerInfo.memberId` set, and its `contactId` a member's contact
 * (Contacts v4, `members.membershipStatus` APPROVED) whose primary email is the checkout's (case-insensitive): the
 * login email the member signs in with. Anything else is 409 `NO_CONSENT` ({@link ownedAddresses}).
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import { CompanionConfigError } from './config.ts';
import type { Env, Kit } from './context.ts';
import { CompanionError, notFound } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

/** One email through the site's mail service. */
export interface RecoveryMail {
  to: string;
  subject: string;
  /** Plain text (never HTML): it holds the buyer's name and item names as the platform sent them. */
  text: string;
  /** The recovery link (also in `text`). */
  link: string;
}
/** Sends one email; rejects when the mail service did not take it. */
export type RecoveryMailer = (mail: RecoveryMail) => Promise<void>;

/** A second recovery email to the same abandoned checkout within this window needs `force: true`. */
export const RESEND_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A send claims the abandoned checkout this long: a double click or a retry during a slow send sends once. */
export const SEND_CLAIM_MS = 60_000;

/** The mail service from the environment: `INLAY_MAIL_URL` (http(s)) gets `POST {to, subject, text, link}` as JSON. */
export function mailerFromEnv(
  env: { INLAY_MAIL_URL?: string | undefined; INLAY_MAIL_TOKEN?: string | undefined },
  fetchImpl: typeof fetch,
): RecoveryMailer | undefined {
  const raw = env.INLAY_MAIL_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CompanionConfigError('INLAY_MAIL_URL must be an http(s) URL');
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password)
    throw new CompanionConfigError('INLAY_MAIL_URL must be an http(s) URL without credentials');
  const token = env.INLAY_MAIL_TOKEN?.trim();
  return async (mail) => {
    const res = await fetchImpl(url.href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(mail),
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new Error(`mail service answered ${res.status}`);
  };
}

/** One plain address (what the platform's `@format EMAIL` allows, and nothing a mail header could split on). */
const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,253}$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const price = zm.optional(
  zm.looseObject({ amount: zm.optional(zm.string()), formattedAmount: zm.optional(zm.string()) }),
);
const abandoned = zm.looseObject({
  id: zm.string(),
  status: zm.optional(zm.string()),
  createdDate: zm.optional(zm.string()),
  checkoutRecoveredDate: zm.optional(zm.nullable(zm.string())),
  checkoutUrl: zm.optional(zm.string()),
  currency: zm.optional(zm.string()),
  buyerInfo: zm.optional(
    zm.looseObject({
      visitorId: zm.optional(zm.nullable(zm.string())),
      memberId: zm.optional(zm.nullable(zm.string())),
      userId: zm.optional(zm.nullable(zm.string())),
      contactId: zm.optional(zm.nullable(zm.string())),
      email: zm.optional(zm.nullable(zm.string())),
    }),
  ),
  contactDetails: zm.optional(
    zm.looseObject({
      firstName: zm.optional(zm.nullable(zm.string())),
      lastName: zm.optional(zm.nullable(zm.string())),
    }),
  ),
  totalPrice: price,
  subtotalPrice: price,
  activities: zm.optional(
    zm.array(zm.looseObject({ type: zm.optional(zm.string()), createdDate: zm.optional(zm.string()) })),
  ),
  lineItems: zm.optional(
    zm.array(
      zm.looseObject({
        id: zm.optional(zm.nullable(zm.string())),
        quantity: zm.optional(zm.number()),
        productName: zm.optional(zm.looseObject({ original: zm.optional(zm.string()) })),
        price,
        image: zm.optional(zm.string()),
      }),
    ),
  ),
});
type Abandoned = zm.infer<typeof abandoned>;
const searchAnswer = zm.looseObject({
  abandonedCheckouts: zm.optional(zm.array(abandoned)),
  pagingMetadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});
const oneAnswer = zm.looseObject({ abandonedCheckout: abandoned });
const contactsAnswer = zm.looseObject({
  contacts: zm.optional(
    zm.array(
      zm.looseObject({
        id: zm.string(),
        primaryInfo: zm.optional(zm.looseObject({ email: zm.optional(zm.nullable(zm.string())) })),
        info: zm.optional(
          zm.looseObject({
            extendedFields: zm.optional(zm.looseObject({ items: zm.optional(zm.record(zm.string(), zm.unknown())) })),
          }),
        ),
      }),
    ),
  ),
});

/** Why no recovery email may go now, or undefined when one may. */
type Refusal =
  'RECOVERED' | 'NO_BUYER_EMAIL' | 'NO_CONSENT' | 'NO_RECOVERY_LINK' | 'RECENTLY_SENT' | 'MAIL_NOT_CONFIGURED';
const REFUSALS: Record<Refusal, [number, string, string]> = {
  RECOVERED: [409, 'ALREADY_RECOVERED', 'The buyer already completed this checkout.'],
  NO_BUYER_EMAIL: [409, 'NO_BUYER_EMAIL', 'This checkout has no buyer email to write to.'],
  NO_CONSENT: [
    409,
    'NO_CONSENT',
    'This address was typed at checkout and is not known to be the buyer’s: recovery emails go only to a member ' +
      'at the email they sign in with.',
  ],
  NO_RECOVERY_LINK: [409, 'NO_RECOVERY_LINK', 'The platform gave no recovery link for this checkout.'],
  RECENTLY_SENT: [
    409,
    'RECENTLY_SENT',
    'A recovery email was sent to this buyer in the last 24 hours; send again only if you mean to.',
  ],
  MAIL_NOT_CONFIGURED: [409, 'MAIL_NOT_CONFIGURED', 'The site companion has no mail service set up.'],
};

/** The recovery link, when the platform's is an http(s) URL (anything else never goes into an email). */
function recoveryLink(a: Abandoned): string | undefined {
  try {
    const u = new URL(a.checkoutUrl ?? '');
    return /^https?:$/.test(u.protocol) ? u.href : undefined;
  } catch {
    return undefined;
  }
}

const lastSent = (a: Abandoned): string | undefined =>
  (a.activities ?? [])
    .filter((x) => x.type === 'EMAIL_SENT' && x.createdDate)
    .map((x) => x.createdDate!)
    .sort()
    .at(-1);

/** The buyer's kind, from which id the platform set (the spec's buyer types). */
function buyerType(b: Abandoned['buyerInfo']): 'MEMBER' | 'VISITOR' | 'ADMIN' | 'CONTACT' | undefined {
  if (b?.memberId) return 'MEMBER';
  if (b?.userId) return 'ADMIN';
  if (b?.visitorId) return 'VISITOR';
  if (b?.contactId) return 'CONTACT';
  return undefined;
}

/**
 * The owner's abandoned-checkout routes (under `/v1/admin/abandoned-checkouts`), as a sub-app app.ts mounts at `/v1`;
 * `sendMail`: the site's mail service (none: the recovery email is refused 409 `MAIL_NOT_CONFIGURED`).
 */
export function adminAbandonedApp(kit: Kit, sendMail: RecoveryMailer | undefined): Hono<Env> {
  const { asAdmin, now } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];

  /**
   * The abandoned checkouts (of `list`) whose buyer owns the address: a member's checkout at the email of that
   * member's contact (the login email). One Query Contacts call for all of them; none when no checkout is a member's.
   */
  async function ownedAddresses(list: Abandoned[]): Promise<Set<string>> {
    const members = list.filter(
      (a) => a.buyerInfo?.memberId && a.buyerInfo.contactId && EMAIL.test(a.buyerInfo.email ?? ''),
    );
    const ids = [...new Set(members.map((a) => a.buyerInfo!.contactId!))];
    if (!ids.length) return new Set();
    const found = await asAdmin('query contacts', {
      ...adminOps.queryContacts,
      kind: 'read',
      body: { query: { filter: { id: { $in: ids } }, paging: { limit: ids.length } } },
      schema: contactsAnswer,
    });
    const emailOf = new Map<string, string>();
    for (const c of found.contacts ?? []) {
      const member = c.info?.extendedFields?.items?.['members.membershipStatus'] === 'APPROVED';
      const email = c.primaryInfo?.email?.toLowerCase();
      if (member && email) emailOf.set(c.id, email);
    }
    return new Set(
      members
        .filter((a) => emailOf.get(a.buyerInfo!.contactId!) === a.buyerInfo!.email!.toLowerCase())
        .map((a) => a.id),
    );
  }

  function refusal(a: Abandoned, owned: boolean): { why: Refusal; data?: Record<string, unknown> } | undefined {
    if (a.status === 'RECOVERED') return { why: 'RECOVERED' };
    // the address goes to the mail service as is: one address, no spaces or line breaks
    if (!EMAIL.test(a.buyerInfo?.email ?? '')) return { why: 'NO_BUYER_EMAIL' };
    // and only an address the buyer is known to own (this module's comment): never one anybody could type
    if (!owned) return { why: 'NO_CONSENT' };
    if (!recoveryLink(a)) return { why: 'NO_RECOVERY_LINK' };
    if (!sendMail) return { why: 'MAIL_NOT_CONFIGURED' };
    const last = lastSent(a);
    const until = last ? Date.parse(last) + RESEND_WINDOW_MS : NaN;
    if (until > now())
      return {
        why: 'RECENTLY_SENT',
        data: { lastSentDate: last, allowedAfter: new Date(until).toISOString(), forceable: true },
      };
    return undefined;
  }

  /** What the console shows of one abandoned checkout (`owned`: its buyer owns the address, {@link ownedAddresses}). */
  function summary(a: Abandoned, owned: boolean) {
    const b = a.buyerInfo ?? {};
    const type = buyerType(b);
    const first = a.contactDetails?.firstName ?? undefined;
    const last = a.contactDetails?.lastName ?? undefined;
    const created = a.createdDate ? Date.parse(a.createdDate) : NaN;
    const no = refusal(a, owned);
    const sent = lastSent(a);
    return {
      id: a.id,
      status: a.status,
      createdDate: a.createdDate,
      ...(Number.isFinite(created) ? { ageSeconds: Math.max(0, Math.floor((now() - created) / 1000)) } : {}),
      ...(a.checkoutRecoveredDate ? { checkoutRecoveredDate: a.checkoutRecoveredDate } : {}),
      buyer: {
        ...(type ? { type } : {}),
        ...(b.email ? { email: b.email } : {}),
        ...(first ? { firstName: first } : {}),
        ...(last ? { lastName: last } : {}),
        ...(b.contactId ? { contactId: b.contactId } : {}),
        ...(b.memberId ? { memberId: b.memberId } : {}),
      },
      value: {
        amount: a.totalPrice?.amount ?? '0',
        formatted: a.totalPrice?.formattedAmount ?? a.totalPrice?.amount ?? '0',
        currency: a.currency,
      },
      itemCount: (a.lineItems ?? []).reduce((n, l) => n + (l.quantity ?? 0), 0),
      activities: (a.activities ?? []).map((x) => ({ type: x.type, createdDate: x.createdDate })),
      ...(sent ? { lastEmailSentDate: sent } : {}),
      recoveryEmail: no
        ? {
            canSend: false,
            reason: no.why,
            ...(no.data?.['allowedAfter'] ? { allowedAfter: no.data['allowedAfter'] } : {}),
          }
        : { canSend: true },
    };
  }

  const detail = (a: Abandoned, owned: boolean) => ({
    ...summary(a, owned),
    lineItems: (a.lineItems ?? []).map((l) => ({
      name: l.productName?.original ?? '',
      quantity: l.quantity ?? 0,
      ...(l.price?.formattedAmount ? { price: l.price.formattedAmount } : {}),
      ...(l.image && /^https?:\/\//.test(l.image) ? { image: l.image } : {}),
    })),
  });

  async function load(id: string | undefined): Promise<Abandoned> {
    if (!id || !GUID.test(id)) throw notFound('No such abandoned checkout');
    try {
      const r = await asAdmin('get abandoned checkout', {
        ...route(adminOps.getAbandonedCheckout, { abandonedCheckoutId: id }),
        kind: 'read',
        schema: oneAnswer,
      });
      if (r.abandonedCheckout.id !== id) throw notFound('No such abandoned checkout');
      return r.abandonedCheckout;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such abandoned checkout');
      throw e;
    }
  }

  async function record(id: string, activityType: 'EMAIL_SENT' | 'EMAIL_NOT_SENT'): Promise<Abandoned | undefined> {
    try {
      const r = await asAdmin('add abandoned checkout activity', {
        ...route(adminOps.addAbandonedCheckoutActivity, { abandonedCheckoutId: id }),
        body: { abandonedCheckoutId: id, activityType },
        schema: oneAnswer,
      });
      return r.abandonedCheckout;
    } catch {
      kit.log(`[companion] abandoned checkout ${id}: ${activityType} not recorded`);
      return undefined;
    }
  }

  serve(app, wire['POST /admin/abandoned-checkouts'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/abandoned-checkouts']);
    const limit = body.limit ?? 20;
    const page = await asAdmin('search abandoned checkouts', {
      ...adminOps.searchAbandonedCheckouts,
      kind: 'read',
      body: {
        search: body.cursor
          ? { cursorPaging: { cursor: body.cursor, limit } }
          : {
              ...(body.status ? { filter: { status: { $eq: body.status } } } : {}),
              sort: [{ fieldName: 'createdDate', order: 'DESC' }],
              cursorPaging: { limit },
            },
      },
      schema: searchAnswer,
    });
    const next = page.pagingMetadata?.cursors?.next;
    const items = page.abandonedCheckouts ?? [];
    const owned = await ownedAddresses(items);
    return c.json(
      {
        abandonedCheckouts: items.map((a) => summary(a, owned.has(a.id))),
        mailConfigured: sendMail !== undefined,
        ...(next ? { next } : {}),
      },
      200,
    );
  });

  serve(app, wire['GET /admin/abandoned-checkouts/{id}'], owner, async (c) => {
    const a = await load(c.req.param('id'));
    return c.json({ abandonedCheckout: detail(a, (await ownedAddresses([a])).has(a.id)) }, 200);
  });

  serve(app, wire['POST /admin/abandoned-checkouts/{id}/recovery-email'], owner, async (c) => {
    const { force } = bodyOf(c, wire['POST /admin/abandoned-checkouts/{id}/recovery-email']);
    const a = await load(c.req.param('id'));
    const owned = (await ownedAddresses([a])).has(a.id);
    const no = refusal(a, owned);
    if (no && !(no.why === 'RECENTLY_SENT' && force)) {
      const [status, code, message] = REFUSALS[no.why];
      throw new CompanionError(status, code, message, { data: { reason: no.why, ...no.data } });
    }
    // a double click, two tabs, a retry while the first send is still going: one email
    if (!(await kit.counters.once(`recovery-email:${a.id}`, SEND_CLAIM_MS)))
      throw new CompanionError(
        409,
        'SEND_IN_PROGRESS',
        'A recovery email to this buyer is being sent or was just sent.',
        {
          data: { reason: 'SEND_IN_PROGRESS' },
        },
      );
    const to = a.buyerInfo!.email!;
    const mail = render(a, recoveryLink(a)!);
    try {
      await sendMail!({ to, ...mail });
    } catch (e) {
      kit.log(`[companion] recovery email for ${a.id} failed: ${e instanceof Error ? e.name : 'error'}`);
      await record(a.id, 'EMAIL_NOT_SENT');
      throw new CompanionError(502, 'MAIL_FAILED', 'The mail service did not take the email; nothing was sent.');
    }
    const after = await record(a.id, 'EMAIL_SENT');
    return c.json({ sent: true, to, recorded: after !== undefined, abandonedCheckout: detail(after ?? a, owned) }, 200);
  });

  return app;
}

/** The recovery email: plain text, the buyer's lines and total, and the platform's recovery link. */
function render(a: Abandoned, link: string): { subject: string; text: string; link: string } {
  const name = a.contactDetails?.firstName?.trim();
  const lines = (a.lineItems ?? []).map((l) => `- ${l.productName?.original ?? 'Item'} × ${l.quantity ?? 1}`);
  const total = a.totalPrice?.formattedAmount ?? a.totalPrice?.amount;
  const text = [
    name ? `Hi ${name},` : 'Hi,',
    '',
    'You left these items in your cart:',
    ...lines,
    ...(total ? ['', `Total: ${total}`] : []),
    '',
    'Pick up where you left off (your cart is kept for you):',
    link,
    '',
    'If you have already completed your purchase, you can ignore this email.',
  ].join('\n');
  return { subject: 'You left something in your cart', text, link };
}
