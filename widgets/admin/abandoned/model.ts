import { atom } from 'nanostores';
import { createPaged, type PagedUi } from '../../../ui/paged.ts';
import type { InlayContext } from '../../../core/context.ts';
import { InlayApiError, outcomeUnknown } from '../../../core/errors.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import {
  getAbandoned,
  listAbandoned,
  sendRecoveryEmail,
  type AbandonedDetail,
  type AbandonedSummary,
} from '../../../core/api/admin-abandoned.ts';

/** Which abandoned checkouts the list shows: all, only those not recovered yet, or only the recovered. */
export type Filter = '' | 'ABANDONED' | 'RECOVERED';

/** What a page of the list says beside its checkouts. */
interface ListExtra {
  /** The companion has a mail service (else no recovery email can go, said up front). */
  mailConfigured?: boolean;
}
export type ListUi = PagedUi<AbandonedSummary> & ListExtra;
export interface DetailUi {
  id: string;
  status: 'loading' | 'ready' | 'error';
  item?: AbandonedDetail;
  error?: string;
}
/** One checkout's recovery email: sending, sent (to whom; recorded or not), or refused (the reason code, its data). */
export interface SendUi {
  busy?: boolean;
  sent?: { to: string; recorded: boolean };
  /** The companion's code (`RECENTLY_SENT`…), or undefined for a failure without one (`error` says it). */
  code?: string;
  /** RECENTLY_SENT: when the last one went. */
  lastSent?: string;
  error?: string;
}

const data = (e: unknown): Record<string, unknown> => {
  const d = e instanceof InlayApiError ? e.applicationError?.data : undefined;
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
};

/**
 * The console's abandoned checkouts (`<inlay-admin section="abandoned">`, owner only through the site companion): the
 * list newest first with a status filter and cursor pages, one checkout's lines and activities, and the recovery
 * email. A send whose outcome is unknown (no answer, a 5xx other than the mail service's refusal) re-reads the
 * checkout before saying anything: a newer `EMAIL_SENT` means it went.
 */
export function createAbandonedModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $filter = atom<Filter>('');
  // the list, newest first, a page at a time: the first page of the filter's checkouts, then the cursor's
  const paged = createPaged<AbandonedSummary, ListExtra>(
    async (cursor) => {
      const status = $filter.get();
      const r = await listAbandoned(http(), cursor ? { cursor } : status ? { status } : {});
      return { items: r.abandonedCheckouts, next: r.next, mailConfigured: r.mailConfigured };
    },
    { id: (x) => x.id, words: (e) => i18n().error(e, true) },
  );
  const $list = paged.$list;
  const $detail = atom<DetailUi | undefined>(undefined);
  const $send = atom<Record<string, SendUi>>({});
  let reading = 0;

  const setSend = (id: string, s: SendUi) => $send.set({ ...$send.get(), [id]: s });
  /** A newer copy of one checkout, in the list and the open detail. */
  const update = (item: AbandonedDetail) => {
    paged.update((items) => items.map((x) => (x.id === item.id ? { ...x, ...item } : x)));
    const d = $detail.get();
    if (d?.id === item.id) $detail.set({ id: item.id, status: 'ready', item });
  };

  function load() {
    // a fresh list: the last outcomes go (a send still under way stays, so it cannot be sent twice)
    $send.set(Object.fromEntries(Object.entries($send.get()).filter(([, s]) => s.busy)));
    reading++;
    $detail.set(undefined);
    return paged.load();
  }

  async function open(id: string) {
    const mine = ++reading;
    $detail.set({ id, status: 'loading' });
    try {
      const item = await getAbandoned(http(), id);
      if (mine === reading) update(item);
      return item;
    } catch (e) {
      if (mine === reading) $detail.set({ id, status: 'error', error: i18n().error(e, true) });
      return undefined;
    }
  }

  /** Send the recovery email (after the view's confirmation); `force` only after a RECENTLY_SENT. */
  async function send(id: string, force = false): Promise<boolean> {
    if ($send.get()[id]?.busy) return false;
    const before = ($detail.get()?.item ?? $list.get().items.find((x) => x.id === id))?.lastEmailSentDate;
    setSend(id, { busy: true });
    try {
      const r = await sendRecoveryEmail(http(), id, force);
      update(r.abandonedCheckout);
      setSend(id, { sent: { to: r.to, recorded: r.recorded } });
      return true;
    } catch (e) {
      const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
      // read the checkout back: after no answer we can trust, a newer EMAIL_SENT means it went; after a refusal, the
      // list shows what changed (recovered meanwhile, an email from another tab)
      try {
        const item = await getAbandoned(http(), id);
        update(item);
        if (
          code !== 'MAIL_FAILED' &&
          outcomeUnknown(e) &&
          item.lastEmailSentDate &&
          item.lastEmailSentDate !== before
        ) {
          setSend(id, { sent: { to: item.buyer.email ?? '', recorded: true } });
          return true;
        }
      } catch {
        // not known: said as the send's own failure
      }
      const d = data(e);
      setSend(id, {
        ...(code && !/^\d+$/.test(code) ? { code } : {}),
        ...(typeof d['lastSentDate'] === 'string' ? { lastSent: d['lastSentDate'] } : {}),
        error: i18n().error(e, true),
      });
      return false;
    }
  }

  return {
    $list,
    $filter,
    $detail,
    $send,
    load,
    more: paged.more,
    filter(f: Filter) {
      $filter.set(f);
      void load();
    },
    open,
    close() {
      reading++;
      $detail.set(undefined);
    },
    send,
    /** Forget a send's outcome (the confirmation is asked again). */
    reset(id: string) {
      const s = { ...$send.get() };
      delete s[id];
      $send.set(s);
    },
  };
}
export type AbandonedModel = ReturnType<typeof createAbandonedModel>;
