import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import * as api from '../../../core/api/admin-members.ts';
import { membersStrings } from './strings.ts';
import { readPending } from './pending.ts';
import { setUrl } from '../../../ui/tabs.tsx';
import type { Badge, BulkAction, MemberAction, MemberDetail, MemberSummary } from '../../../core/api/admin-members.ts';

export { BULK_ACTIONS, MEMBER_SORTS, MEMBER_STATUSES, type BulkAction } from '../../../core/api/admin-members.ts';

/** The list's filters, as the page's URL keeps them (`admin-members=pending` is the saved view "Pending sign-ups"). */
export interface Filters {
  status: '' | (typeof api.MEMBER_STATUSES)[number];
  /** `YYYY-MM-DD`, the page's time zone. */
  from: string;
  to: string;
  text: string;
  sort: (typeof api.MEMBER_SORTS)[number];
}
export const NO_FILTERS: Filters = { status: '', from: '', to: '', text: '', sort: 'newest' };
const PARAMS: Record<keyof Filters, string> = {
  status: 'admin-mstatus',
  from: 'admin-mfrom',
  to: 'admin-mto',
  text: 'admin-mq',
  sort: 'admin-msort',
};
const VIEW = 'admin-members';
/** The open member, in the page's URL (a link, a reload, Back and Forward). */
const MEMBER = 'admin-member';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Members per page. */
export const PAGE = 25;

const day = (v: string, end: boolean) => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return new Date(new Date(y, m - 1, end ? d + 1 : d).getTime() - (end ? 1 : 0)).toISOString();
};

/** The filters a URL carries (anything unknown or malformed left at its default). */
export function filtersFrom(href: string): Filters {
  const q = new URL(href).searchParams;
  const get = (k: keyof Filters) => q.get(PARAMS[k]) ?? '';
  const status = q.get(VIEW) === 'pending' ? 'PENDING' : get('status');
  const sort = get('sort');
  return {
    status: (api.MEMBER_STATUSES as readonly string[]).includes(status) ? (status as Filters['status']) : '',
    from: DAY.test(get('from')) ? get('from') : '',
    to: DAY.test(get('to')) ? get('to') : '',
    text: get('text').trim().slice(0, 100),
    sort: (api.MEMBER_SORTS as readonly string[]).includes(sort) ? (sort as Filters['sort']) : 'newest',
  };
}
/** `href` with the filters in its query (the pending view as `admin-members=pending`; the page's own kept). */
export function filtersInto(href: string, f: Filters): string {
  const u = new URL(href);
  const pendingView = f.status === 'PENDING';
  for (const k of Object.keys(PARAMS) as (keyof Filters)[]) {
    const v = k === 'status' && pendingView ? '' : f[k];
    if (v && v !== NO_FILTERS[k]) u.searchParams.set(PARAMS[k], v);
    else u.searchParams.delete(PARAMS[k]);
  }
  if (pendingView) u.searchParams.set(VIEW, 'pending');
  else u.searchParams.delete(VIEW);
  return u.href;
}
/** A joined range that ends before it starts: said, not searched. */
export const badRange = (f: Filters) => !!(f.from && f.to && f.to < f.from);

/** What may be asked of a member's page: an action, or deleting them. */
export type Ask = MemberAction | 'delete';

/** The filter as the companion takes it (a bulk action acts by it). */
export function filterBody(f: Filters): api.MemberFilter {
  const text = f.text.trim();
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.from ? { joinedFrom: day(f.from, false) } : {}),
    ...(f.to ? { joinedTo: day(f.to, true) } : {}),
    ...(text ? { search: text } : {}),
  };
}

export interface ListUi {
  status: 'loading' | 'ready' | 'error';
  items: MemberSummary[];
  total?: number;
  next?: number;
  more?: boolean;
  error?: string;
}
export interface DetailUi {
  id: string;
  status: 'loading' | 'ready' | 'error';
  member?: MemberDetail;
  error?: string;
  /** No such member (a deleted one, a wrong link): no retry, the list one press away. */
  gone?: boolean;
}
/** An action under way or its outcome: `done` says what was done (the strings' key), `error` what failed. */
export interface ActUi {
  busy?: boolean;
  done?: string;
  error?: string;
}

const codeOf = (e: unknown) => (e instanceof InlayApiError ? e.applicationError?.code : undefined);

/**
 * The members section (`<inlay-admin section="members">`): the site's members through the site companion, filtered
 * (kept in the page's URL), a page of 25 at a time; the pending sign-ups; one member's page and the actions on them;
 * the bulk actions by the filter, with the count the owner confirmed; the site's badges. The open member is in the
 * page's URL (`admin-member`, a history entry: Back returns to the list as it was, its filters and scroll; a link
 * opens the member).
 */
export function createMembersModel(
  context: InlayContext,
  props: { page?: () => string; setPage?: (href: string) => void } = {},
) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const setPage = props.setPage ?? ((href: string) => history.replaceState(history.state, '', href));
  const http = () => companionHttp(client, page());
  const words = (e: unknown) => i18n().error(e, true);
  const $filters = atom<Filters>(filtersFrom(page()));
  const $list = atom<ListUi>({ status: 'loading', items: [] });
  const $detail = atom<DetailUi | undefined>(undefined);
  const $act = atom<ActUi>({});
  const $badges = atom<Badge[] | undefined>(undefined);
  /** The bulk action the owner is asked to confirm (the bulk bar), and the member page's. */
  const $bulkAsk = atom<BulkAction | undefined>(undefined);
  const $ask = atom<Ask | undefined>(undefined);
  let run = 0;
  let reading = 0;
  /** Where the list was when a member was opened from it: the list shown again takes it back (once). */
  let left: { id: string; y: number } | undefined;

  async function load(more = false) {
    const cur = $list.get();
    if (more && (cur.next === undefined || cur.more)) return;
    const mine = ++run;
    $list.set(more ? { ...cur, more: true, error: undefined } : { status: 'loading', items: [] });
    const f = $filters.get();
    try {
      const r = await api.listMembers(http(), {
        ...filterBody(f),
        sort: f.sort,
        limit: PAGE,
        ...(more ? { offset: cur.next } : {}),
      });
      if (mine !== run) return;
      const have = more ? $list.get().items : [];
      const seen = new Set(have.map((m) => m.id));
      $list.set({
        status: 'ready',
        items: [...have, ...r.members.filter((m) => !seen.has(m.id))],
        total: r.total,
        next: r.next,
      });
    } catch (e) {
      if (mine === run) $list.set({ ...$list.get(), status: more ? 'ready' : 'error', more: false, error: words(e) });
    }
  }

  function filter(f: Partial<Filters>) {
    const next = { ...$filters.get(), ...f };
    $filters.set(next);
    setPage(filtersInto(page(), next));
    return load();
  }

  /** A member as the companion now has them, in the list and on their page. */
  const put = (m: MemberSummary) => {
    const l = $list.get();
    $list.set({ ...l, items: l.items.map((x) => (x.id === m.id ? { ...x, ...m } : x)) });
    const d = $detail.get();
    if (d?.member?.id === m.id) $detail.set({ ...d, member: { ...d.member, ...m } });
  };

  /** Open member `id`; the page's URL names it (`admin-member`, a new history entry) unless it came `fromUrl`. */
  async function open(id: string, fromUrl?: boolean) {
    const mine = ++reading;
    if (!$detail.get()) left = { id, y: scrollY };
    $act.set({});
    $ask.set(undefined);
    $detail.set({ id, status: 'loading' });
    if (!fromUrl) setUrl({ [MEMBER]: id });
    try {
      const member = await api.getMemberPage(http(), id);
      if (mine === reading) $detail.set({ id, status: 'ready', member });
    } catch (e) {
      const gone = e instanceof InlayApiError && e.status === 404;
      const error = gone ? i18n().strings(membersStrings)('mm.notFound') : words(e);
      if (mine === reading) $detail.set({ id, status: 'error', error, gone });
    }
  }

  /** Back to the list; the page's URL drops the member (a new history entry) unless it came `fromUrl`. */
  function close(fromUrl?: boolean) {
    reading++;
    $detail.set(undefined);
    $act.set({});
    if (!fromUrl) setUrl({ [MEMBER]: undefined });
  }

  /** Runs one action (nothing while another runs); `done` names its outcome. */
  async function act(done: string, run: () => Promise<unknown>): Promise<boolean> {
    if ($act.get().busy) return false;
    $act.set({ busy: true });
    try {
      await run();
      $act.set({ done });
      // the Members tab's count of sign-ups waiting
      if (!/^(badge|field)/.test(done)) void readPending(context);
      return true;
    } catch (e) {
      const data = (e instanceof InlayApiError ? e.applicationError?.data : undefined) as
        { count?: unknown } | undefined;
      const t = i18n().strings(membersStrings);
      const code = codeOf(e);
      const status = e instanceof InlayApiError ? e.status : 0;
      $act.set({
        error:
          code === 'COUNT_CHANGED'
            ? t('mm.changed', { count: Number(data?.count) || 0 })
            : code === 'OWNER_MEMBER'
              ? t('mm.isOwner')
              : status === 404
                ? t('mm.gone')
                : status === 400 && done === 'field'
                  ? t('mm.badValue')
                  : status === 400 && done.endsWith('delete')
                    ? t('mm.badHeir')
                    : words(e),
      });
      return false;
    }
  }

  /** Approve, block, mute, unmute or disconnect one member (each is harmless twice). */
  const action = (id: string, a: MemberAction) => act(a, async () => put(await api.memberAction(http(), id, a)));
  /** Delete one member; a 404 (a retry after a lost answer) means it is done. */
  const remove = (id: string, assignee?: string) =>
    act('delete', async () => {
      try {
        await api.deleteMember(http(), id, assignee);
      } catch (e) {
        if (!(e instanceof InlayApiError && e.status === 404 && codeOf(e) === 'NOT_FOUND')) throw e;
      }
      const l = $list.get();
      $list.set({ ...l, items: l.items.filter((x) => x.id !== id), total: Math.max(0, (l.total ?? 1) - 1) });
      // back to the list (Back to their page says they are gone)
      close();
    });
  /**
   * A bulk action on the members the filter matches, `count` of them as the owner confirmed; the list is read again
   * after it (and after a `COUNT_CHANGED` refusal, so the owner sees what changed).
   */
  async function bulk(a: BulkAction, count: number, assignee?: string) {
    const ok = await act(`bulk-${a}`, () =>
      api.bulkMembers(http(), a, { filter: filterBody($filters.get()), count, contentAssigneeId: assignee }),
    );
    const said = $act.get();
    await load();
    $act.set(said);
    return ok;
  }

  return {
    $filters,
    $list,
    $detail,
    $act,
    $badges,
    $bulkAsk,
    $ask,
    load: () => load(),
    more: () => load(true),
    filter,
    /** A filter changed (the form, a chip): the bulk question closes; a range ending before it starts is not searched. */
    change(p: Partial<Filters>) {
      $bulkAsk.set(undefined);
      const next = { ...$filters.get(), ...p };
      if (badRange(next)) return void $filters.set(next);
      void filter(p);
    },
    open,
    close,
    /**
     * Show what the page's URL names (as the section mounts, and on Back and Forward): the member `admin-member` names
     * (a link, a reload) or the list, with the filters the URL keeps (searched again when they differ).
     */
    followUrl() {
      const id = new URL(page()).searchParams.get(MEMBER);
      const d = $detail.get();
      if (id && d?.id !== id) void open(id, true);
      else if (!id && d) close(true);
      const f = filtersFrom(page());
      if (JSON.stringify(f) !== JSON.stringify($filters.get())) {
        $filters.set(f);
        void load();
      }
    },
    /** Where the list was when the member shown before it was opened (`undefined` the second time). */
    takeBack() {
      const l = left;
      left = undefined;
      return l;
    },
    action,
    remove,
    bulk,
    /** The bulk action asked (`$bulkAsk`), for the count the owner was shown; the question closes when it is done. */
    confirmBulk: (count: number, assignee?: string) => {
      const a = $bulkAsk.get();
      return a ? bulk(a, count, assignee).then(() => $bulkAsk.set(undefined)) : undefined;
    },
    /** The site's badges (their titles in the list; a failure leaves the counts and no "give" choice). */
    async badges() {
      try {
        $badges.set(await api.listBadges(http()));
      } catch {
        // said nowhere: what needs them shows less
      }
    },
    setBadge: (id: string, badgeId: string, assigned: boolean) =>
      act(assigned ? 'badge-on' : 'badge-off', async () => {
        const badges = await api.setMemberBadge(http(), id, badgeId, assigned);
        const d = $detail.get();
        if (d?.member?.id === id)
          $detail.set({ ...d, member: { ...d.member, badges, badgeIds: badges.map((b) => b.id) } });
      }),
    /** One custom field's value ("" clears it). */
    setField: (id: string, key: string, value: string) =>
      act('field', async () => {
        const customFields = await api.setCustomField(http(), id, key, value);
        const d = $detail.get();
        if (d?.member?.id === id) $detail.set({ ...d, member: { ...d.member, customFields } });
      }),
    createBadge: (title: string, backgroundColor?: string) =>
      act('badge-new', async () => {
        const b = await api.createBadge(http(), { title, ...(backgroundColor ? { backgroundColor } : {}) });
        $badges.set([...($badges.get() ?? []), b]);
      }),
    /** Other members who may receive a deleted member's content (the approved ones, first 100). */
    assignees: async (not: string) =>
      (await api.listMembers(http(), { status: 'APPROVED', sort: 'name', limit: 100 })).members.filter(
        (m) => m.id !== not,
      ),
    reset: () => $act.set({}),
  };
}
export type MembersModel = ReturnType<typeof createMembersModel>;
