import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { loadMember, setSessionMember } from '../../../core/stores/member.ts';
import { sessionOf } from '../../../core/stores/session.ts';
import { clearContactSet, updateContact, type Member } from '../../../core/api/members.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { detailStrings } from './strings.ts';

export type Address = NonNullable<NonNullable<Member['contact']>['addresses']>[number];
/** A phone number as the platform takes it (docs/wire.md "Member contact details"). */
export const PHONE = /^\+?[0-9 ()\-.]{4,50}$/;
/** Field errors by field name. */
export type Errors = Partial<Record<string, string>>;
/** One form's write: sending, its failure, "Saved", and its fields' errors. */
export interface WriteUi {
  busy: boolean;
  error?: string;
  saved: boolean;
  errors: Errors;
}

/** Field errors of a refused write, by the last segment of each violation's path (`…addresses[0].city` → `city`). */
export function fieldErrors(e: unknown): Errors {
  const out: Errors = {};
  if (e instanceof InlayApiError)
    for (const v of e.fieldViolations ?? []) out[v.field.split('.').pop() ?? ''] ??= v.description;
  return out;
}

/**
 * What the profile's and the addresses' models share: the member (loaded if the session has not yet, FULL fieldset),
 * one writer per form (one write at a time; the answer's member replaces the session's member, so every widget sees it),
 * and the platform's way of saving a set.
 */
export function createMemberBase(context: InlayContext) {
  const { client, i18n } = context;
  const t = (key: keyof typeof detailStrings, params?: Record<string, string | number>) =>
    i18n().strings(detailStrings)(key, params);
  const $load = atom<{ error?: string }>({});
  const writer = () => {
    const $state = atom<WriteUi>({ busy: false, saved: false, errors: {} });
    const patch = (p: Partial<WriteUi>) => $state.set({ ...$state.get(), ...p });
    return {
      $state,
      /** Set (or clear) the fields' errors. */
      errors: (errors: Errors) => patch({ errors }),
      /**
       * Run one write; `onError` may take a failure as field errors (true: told on the fields, not as a failure).
       * False when refused, failed or another write of this form still runs.
       */
      async run(fn: () => Promise<Member | void>, onError?: (e: unknown) => boolean): Promise<boolean> {
        if ($state.get().busy) return false;
        patch({ busy: true, error: undefined, saved: false });
        try {
          const m = await fn();
          if (m) setSessionMember(client, m);
          patch({ busy: false, saved: true });
          return true;
        } catch (e) {
          patch({ busy: false, ...(onError?.(e) ? {} : { error: i18n().error(e) }) });
          return false;
        }
      },
    };
  };
  return {
    t,
    /** The page's session (its client's). */
    $session: sessionOf(client),
    $load,
    writer,
    /** Load the member (the session has none yet); a failure is kept in `$load`. */
    loadMember() {
      $load.set({});
      loadMember(client).catch((e: unknown) => $load.set({ error: i18n().error(e) }));
    },
    /**
     * A set the platform replaces as a whole: every change sends the whole new list; emptying it takes the set's own
     * delete call (an empty list in an update is ignored by the platform).
     */
    saveSet: <S extends 'phones' | 'addresses'>(id: string, set: S, list: S extends 'phones' ? string[] : Address[]) =>
      list.length ? updateContact(client.http, id, { [set]: list }) : clearContactSet(client.http, id, set),
  };
}

export type Writer = ReturnType<ReturnType<typeof createMemberBase>['writer']>;
