import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Member } from '../../../core/api/members.ts';
import { Bones, ErrorLine } from '../../../ui/states.tsx';
import { ErrorState } from '../../../ui/part-states.tsx';
import { Section } from '../section.tsx';
import type { createMemberBase, Errors, Writer } from './model.ts';
import type { detailStrings } from './strings.ts';

export type K = keyof typeof detailStrings;
export type T = (key: K, params?: Record<string, string | number>) => string;

/** The form's fields by name, trimmed: what the person typed, read as it is sent. */
export const formFields = (e: Event): Record<string, string> =>
  Object.fromEntries(
    [...new FormData(e.currentTarget as HTMLFormElement)].map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
  );

/** The signed-in member, loaded (once per missing member) when the session has not yet. */
export function useMember(model: Pick<ReturnType<typeof createMemberBase>, '$session' | '$load' | 'loadMember'>) {
  const session = useStore(model.$session);
  const member = session.role === 'member' ? session.member : undefined;
  const load = useStore(model.$load);
  useEffect(() => {
    if (!member) model.loadMember();
  }, [!!member]);
  return { member, error: load.error, retry: () => model.loadMember() };
}

/** The section before the member has loaded: bones, or the failure with a retry. */
export function Loading({ error, retry, t }: { error?: string; retry: () => void; t: T }) {
  return (
    <Section>{error ? <ErrorState error={error} retry={retry} label={t('me.retry')} /> : <Bones rows={4} />}</Section>
  );
}

/** A write's failure and its "Saved" (a live status, empty until saved). */
export const Status = ({ w, t, saved = true }: { w: Writer; t: T; saved?: boolean }) => {
  const s = useStore(w.$state);
  return (
    <>
      <ErrorLine error={s.error} />
      <p class="ok" role="status">
        {saved && s.saved ? t('me.saved') : ''}
      </p>
    </>
  );
};

/** A labelled text field, its error under it (named by it). */
export function Input(p: {
  ids: string;
  name: string;
  label: string;
  value: string;
  errors: Errors;
  auto?: string;
  type?: string;
  max?: number;
  /** Spans the whole row of a grid. */
  wide?: boolean;
}) {
  const id = `${p.ids}f-${p.name}`;
  const err = p.errors[p.name];
  return (
    <div class={p.wide ? 'field full' : 'field'}>
      <label for={id}>{p.label}</label>
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        autoComplete={p.auto}
        maxLength={p.max ?? 200}
        defaultValue={p.value}
        aria-invalid={err ? 'true' : undefined}
        aria-describedby={err ? `${id}e` : undefined}
      />
      {err ? (
        <p class="err" id={`${id}e`}>
          {err}
        </p>
      ) : null}
    </div>
  );
}

/** A set entry's actions: move it first (the main phone, the default address), edit, remove; each names the entry. */
export function ItemActions(p: {
  t: T;
  item: string;
  first?: [K, K];
  toFirst: () => void;
  edit: () => void;
  remove: () => void;
}) {
  const { t, item } = p;
  return (
    <span class="row">
      {p.first ? (
        <button type="button" class="link" aria-label={t(p.first[1], { item })} onClick={p.toFirst}>
          {t(p.first[0])}
        </button>
      ) : null}
      <button type="button" class="link" aria-label={t('me.editLabel', { item })} onClick={p.edit}>
        {t('me.edit')}
      </button>
      <button type="button" class="link" aria-label={t('me.removeLabel', { item })} onClick={p.remove}>
        {t('me.remove')}
      </button>
    </span>
  );
}

/** Save (busy while it sends) and cancel. */
export const SaveCancel = ({ t, w, cancel }: { t: T; w: Writer; cancel: () => void }) => {
  const busy = useStore(w.$state).busy;
  return (
    <div class="row">
      <button type="submit" class="btn primary" aria-busy={busy || undefined}>
        {busy ? t('me.saving') : t('me.save')}
      </button>
      <button type="button" class="btn" onClick={cancel}>
        {t('me.cancel')}
      </button>
    </div>
  );
};

/** What every member form gets. */
export interface MemberFormProps {
  ids: string;
  member: Member;
  t: T;
}
