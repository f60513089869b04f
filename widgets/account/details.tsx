import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { sessionOf } from '../../core/stores/session.ts';
import { loadMember, setSessionMember } from '../../core/stores/member.ts';
import { clearContactSet, deleteMyAccount, updateContact, type Member } from '../../core/api/members.ts';
import { InlayApiError } from '../../core/errors.ts';
import type { I18n } from '../../core/i18n/index.ts';
import { detailStrings } from './details-strings.ts';
import { addressLines, Bones, Section, type SectionProps } from './section.tsx';

type K = keyof typeof detailStrings;
type T = (key: K, params?: Record<string, string | number>) => string;
type Address = NonNullable<NonNullable<Member['contact']>['addresses']>[number];
type Field = 'addressLine' | 'addressLine2' | 'city' | 'postalCode' | 'subdivision' | 'country';
type Errors = Partial<Record<string, string>>;

/** The most of each set the form offers (the emulator's limits, docs/wire.md "Member contact details"). */
export const MAX_ADDRESSES = 10;
export const MAX_PHONES = 10;
/** Countries offered first in the address form; the member's own stays when it is another one. */
const COUNTRIES =
  'US CA GB IE FR DE ES IT PT NL BE LU CH AT DK SE NO FI PL CZ GR IL AE IN JP KR SG AU NZ BR MX AR ZA'.split(' ');
/** The address form's text fields: name, label, autocomplete, most characters (the platform's limits). */
const ADDRESS_FIELDS: [Exclude<Field, 'country'>, K, string, number][] = [
  ['addressLine', 'me.line1', 'address-line1', 200],
  ['addressLine2', 'me.line2', 'address-line2', 200],
  ['city', 'me.city', 'address-level2', 100],
  ['postalCode', 'me.postal', 'postal-code', 32],
  ['subdivision', 'me.region', 'address-level1', 6],
];
const PHONE = /^\+?[0-9 ()\-.]{4,50}$/;

/** The signed-in member, loaded if the session has not yet (FULL fieldset). */
function useMember(props: SectionProps) {
  const session = useStore(sessionOf(props.context.client));
  const member = session.role === 'member' ? session.member : undefined;
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (member) return;
    setError(undefined);
    loadMember(props.context.client).catch((e: unknown) => setError(props.context.i18n().error(e)));
  }, [attempt, !!member]);
  return { member, error, retry: () => setAttempt(attempt + 1) };
}

/** The form's fields by name, trimmed: what the person typed, read as it is sent. */
const fields = (e: Event): Record<string, string> =>
  Object.fromEntries(
    [...new FormData(e.currentTarget as HTMLFormElement)].map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
  );

/** Field errors of a refused write, by the last segment of each violation's path (`…addresses[0].city` → `city`). */
function fieldErrors(e: unknown): Errors {
  const out: Errors = {};
  if (e instanceof InlayApiError)
    for (const v of e.fieldViolations ?? []) out[v.field.split('.').pop() ?? ''] ??= v.description;
  return out;
}

/** One write at a time; the answer's member replaces the session's (every widget sees it). */
function useWrite({ i18n, client }: SectionProps['context']) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const run = async (fn: () => Promise<Member | void>, onError?: (e: unknown) => boolean): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      const m = await fn();
      if (m) setSessionMember(client, m);
      setSaved(true);
      return true;
    } catch (e) {
      if (!onError?.(e)) setError(i18n().error(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, saved, run, setSaved };
}

const Status = ({ error, saved, t }: { error?: string; saved?: boolean; t: T }) => (
  <>
    {error ? (
      <p class="err" role="alert">
        {error}
      </p>
    ) : null}
    <p class="ok" role="status">
      {saved ? t('me.saved') : ''}
    </p>
  </>
);

function Loading({ error, retry, i18n }: { error?: string; retry: () => void; i18n: I18n }) {
  return error ? (
    <div class="state" role="alert">
      <p class="err">{error}</p>
      <button type="button" class="btn" onClick={retry}>
        {i18n.strings(detailStrings)('me.retry')}
      </button>
    </div>
  ) : (
    <Bones rows={4} />
  );
}

/** Name, phone numbers, contact emails and deleting the account. */
export function ProfileSection(props: SectionProps) {
  const { context, ids } = props;
  const i18n = context.i18n();
  const t: T = i18n.strings(detailStrings);
  const { member, error, retry } = useMember(props);
  if (!member)
    return (
      <Section>
        <Loading error={error} retry={retry} i18n={i18n} />
      </Section>
    );
  return (
    <Section>
      <NameForm {...props} member={member} t={t} />
      <Phones {...props} member={member} t={t} />
      <section aria-labelledby={`${ids}em`}>
        <h3 id={`${ids}em`}>{t('me.emails')}</h3>
        <p class="muted">{t('me.emailsHint')}</p>
        <Emails {...props} member={member} t={t} />
      </section>
      <DeleteAccount {...props} member={member} t={t} />
    </Section>
  );
}

function NameForm({ context, ids, member, t }: SectionProps & { member: Member; t: T }) {
  const w = useWrite(context);
  const c = member.contact;
  const [errors, setErrors] = useState<Errors>({});
  const submit = (e: Event) => {
    e.preventDefault();
    const { firstName = '', lastName = '' } = fields(e);
    const errs: Errors = {};
    if (firstName.length > 100) errs['firstName'] = t('me.tooLong', { n: 100 });
    if (lastName.length > 100) errs['lastName'] = t('me.tooLong', { n: 100 });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    void w.run(
      () => updateContact(context.client.http, member.id, { firstName, lastName }),
      (err) => (setErrors(fieldErrors(err)), Object.keys(fieldErrors(err)).length > 0),
    );
  };
  return (
    <form aria-labelledby={`${ids}nm`} onSubmit={submit} noValidate part="name-form">
      <h3 id={`${ids}nm`}>{t('me.name')}</h3>
      <div class="grid">
        <Input
          ids={ids}
          name="firstName"
          label={t('me.first')}
          value={c?.firstName ?? ''}
          errors={errors}
          auto="given-name"
        />
        <Input
          ids={ids}
          name="lastName"
          label={t('me.last')}
          value={c?.lastName ?? ''}
          errors={errors}
          auto="family-name"
        />
      </div>
      {member.loginEmail ? (
        <p class="muted">
          {t('me.loginEmail')}: <bdi>{member.loginEmail}</bdi>
        </p>
      ) : null}
      <button type="submit" class="btn primary" aria-busy={w.busy || undefined}>
        {w.busy ? t('me.saving') : t('me.save')}
      </button>
      <Status error={w.error} saved={w.saved} t={t} />
    </form>
  );
}

function Input(p: {
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

/**
 * A set the platform replaces as a whole: every change sends the whole new list; emptying it takes the set's own
 * delete call (an empty list in an update is ignored by the platform).
 */
const saveSet = <S extends 'phones' | 'addresses'>(
  http: SectionProps['context']['client']['http'],
  id: string,
  set: S,
  list: S extends 'phones' ? string[] : Address[],
) => (list.length ? updateContact(http, id, { [set]: list }) : clearContactSet(http, id, set));

function Phones({ context, ids, member, t }: SectionProps & { member: Member; t: T }) {
  const phones = member.contact?.phones ?? [];
  const w = useWrite(context);
  const [editing, setEditing] = useState<number | 'new'>();
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const input = useRef<HTMLDivElement>(null);
  useEffect(() => input.current?.querySelector('input')?.focus(), [editing]);
  const save = (list: string[]) => w.run(() => saveSet(context.client.http, member.id, 'phones', list));
  const submit = async (e: Event) => {
    e.preventDefault();
    const v = fields(e)['phone'] ?? '';
    if (!PHONE.test(v) || v.replace(/\D/g, '').length < 4) return setErrors({ phone: t('me.badPhone') });
    setErrors({});
    const list = editing === 'new' ? [...phones, v] : phones.map((p, i) => (i === editing ? v : p));
    if (await save(list)) setEditing(undefined);
  };
  return (
    <section aria-labelledby={`${ids}ph`}>
      <h3 id={`${ids}ph`}>{t('me.phones')}</h3>
      {phones.length ? (
        <ul class="items">
          {phones.map((p, i) => (
            <li key={`${i}${p}`} class="item">
              <bdi class="grow">{p}</bdi>
              {i === 0 ? <span class="chip">{t('me.main')}</span> : null}
              <ItemActions
                t={t}
                item={p}
                first={i === 0 ? undefined : ['me.makeMain', 'me.mainLabel']}
                toFirst={() => void save([p, ...phones.filter((_, j) => j !== i)])}
                edit={() => (setEditing(i), setValue(p), setErrors({}))}
                remove={() => void save(phones.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noPhones')}</p>
      )}
      {editing !== undefined ? (
        <form class="inline" key={String(editing)} onSubmit={(e) => void submit(e)} noValidate ref={input as never}>
          <Input
            ids={ids}
            name="phone"
            type="tel"
            auto="tel"
            max={50}
            label={t('me.phone')}
            value={value}
            errors={errors}
          />
          <SaveCancel t={t} busy={w.busy} cancel={() => setEditing(undefined)} />
        </form>
      ) : phones.length < MAX_PHONES ? (
        <button type="button" class="btn" onClick={() => (setEditing('new'), setValue(''), setErrors({}))}>
          {t('me.addPhone')}
        </button>
      ) : (
        <p class="muted">{t('me.tooMany', { n: MAX_PHONES })}</p>
      )}
      <Status error={w.error} saved={w.saved} t={t} />
    </section>
  );
}

function Emails({ context, member, t }: SectionProps & { member: Member; t: T }) {
  const emails = member.contact?.emails ?? [];
  const w = useWrite(context);
  return (
    <>
      {emails.length ? (
        <ul class="items">
          {emails.map((e) => (
            <li key={e} class="item">
              <bdi>{e}</bdi>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noEmails')}</p>
      )}
      {emails.length ? (
        <button
          type="button"
          class="btn"
          aria-busy={w.busy || undefined}
          onClick={() => void w.run(() => clearContactSet(context.client.http, member.id, 'emails'))}
        >
          {t('me.removeEmails')}
        </button>
      ) : null}
      <Status error={w.error} t={t} />
    </>
  );
}

function DeleteAccount({ context, ids, emit, contentAssignee, t }: SectionProps & { member: Member; t: T }) {
  const [open, setOpen] = useState(false);
  const [sure, setSure] = useState(false);
  const [need, setNeed] = useState(false);
  const w = useWrite(context);
  const submit = (e: Event) => {
    e.preventDefault();
    const box = (e.currentTarget as HTMLFormElement).elements.namedItem('sure') as HTMLInputElement;
    setSure(box.checked);
    if (!box.checked) return setNeed(true);
    void w.run(async () => {
      await deleteMyAccount(context.client.http, contentAssignee || undefined);
      // the platform revoked this member's tokens: drop them here and, through storage, in every other tab
      await context.client.tokens.logout();
      emit('inlay-account-delete', {});
    });
  };
  return (
    <section class="danger-zone" aria-labelledby={`${ids}del`}>
      <h3 id={`${ids}del`}>{t('me.delete')}</h3>
      <p class="muted">{t('me.deleteHint')}</p>
      {!open ? (
        <button type="button" class="btn danger" aria-expanded="false" onClick={() => setOpen(true)}>
          {t('me.delete')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate part="delete-form">
          <p>{t(contentAssignee ? 'me.deleteContent' : 'me.deleteNoContent')}</p>
          <label class="check">
            <input
              type="checkbox"
              name="sure"
              checked={sure}
              aria-invalid={need && !sure ? 'true' : undefined}
              aria-describedby={need && !sure ? `${ids}dele` : undefined}
              onChange={(e) => setSure((e.currentTarget as HTMLInputElement).checked)}
            />
            {t('me.deleteConfirm')}
          </label>
          {need && !sure ? (
            <p class="err" id={`${ids}dele`}>
              {t('me.deleteConfirmNeeded')}
            </p>
          ) : null}
          <div class="row">
            <button type="submit" class="btn danger" aria-busy={w.busy || undefined}>
              {w.busy ? t('me.deleting') : t('me.deleteGo')}
            </button>
            <button type="button" class="btn" onClick={() => setOpen(false)}>
              {t('me.cancel')}
            </button>
          </div>
          {w.error ? (
            <p class="err" role="alert">
              {w.error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}

/** A set entry's actions: move it first (the main phone, the default address), edit, remove; each names the entry. */
function ItemActions(p: {
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

const SaveCancel = ({ t, busy, cancel }: { t: T; busy: boolean; cancel: () => void }) => (
  <div class="row">
    <button type="submit" class="btn primary" aria-busy={busy || undefined}>
      {busy ? t('me.saving') : t('me.save')}
    </button>
    <button type="button" class="btn" onClick={cancel}>
      {t('me.cancel')}
    </button>
  </div>
);

const blank: Record<Field, string> = {
  addressLine: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  subdivision: '',
  country: '',
};

/** The member's addresses: the first is the default (it fills in the checkout); add, edit, make default, remove. */
export function AddressesSection(props: SectionProps) {
  const { context, ids } = props;
  const i18n = context.i18n();
  const t: T = i18n.strings(detailStrings);
  const { member, error, retry } = useMember(props);
  const w = useWrite(context);
  const [editing, setEditing] = useState<number | 'new'>();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [editing]);
  if (!member)
    return (
      <Section>
        <Loading error={error} retry={retry} i18n={i18n} />
      </Section>
    );
  const list = member.contact?.addresses ?? [];
  const save = (next: Address[]) =>
    w.run(
      () => saveSet(context.client.http, member.id, 'addresses', next),
      (e) => {
        const f = fieldErrors(e);
        setErrors(f);
        return Object.keys(f).length > 0 && editing !== undefined;
      },
    );
  const label = (a: Address) => addressLines(i18n, a).slice(0, 2).join(', ');
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const countries = [...new Set([...COUNTRIES, ...(form.country ? [form.country] : [])])]
    .map((c) => [c, names.of(c) ?? c] as const)
    .sort((a, b) => a[1].localeCompare(b[1], i18n.locale));

  const submit = async (e: Event) => {
    e.preventDefault();
    const f = { ...blank, ...fields(e) } as Record<Field, string>;
    const errs: Errors = {};
    for (const k of ['addressLine', 'city', 'postalCode', 'country'] as const) if (!f[k]) errs[k] = t('me.required');
    for (const [k, , , n] of ADDRESS_FIELDS) if (f[k].length > n) errs[k] ??= t('me.tooLong', { n });
    if (f.subdivision && !/^[A-Za-z0-9]{1,3}$/.test(f.subdivision.replace(/^[A-Z]{2}-/, '')))
      errs['subdivision'] = t('me.badRegion');
    setErrors(errs);
    if (Object.keys(errs).length) {
      formRef.current?.querySelector<HTMLElement>(`[name=${Object.keys(errs)[0]}]`)?.focus();
      return;
    }
    const region = f.subdivision.replace(/^[A-Z]{2}-/i, '').toUpperCase();
    const address: Address = {
      ...(typeof editing === 'number' ? list[editing] : {}),
      addressLine: f.addressLine,
      addressLine2: f.addressLine2 || undefined,
      city: f.city,
      postalCode: f.postalCode,
      country: f.country,
      subdivision: region ? `${f.country}-${region}` : undefined,
    };
    delete (address as { streetAddress?: unknown }).streetAddress;
    const next = editing === 'new' ? [...list, address] : list.map((a, i) => (i === editing ? address : a));
    if (await save(next)) setEditing(undefined);
  };
  const edit = (i: number | 'new') => {
    const a = typeof i === 'number' ? list[i] : undefined;
    setForm(
      a
        ? {
            addressLine: a.addressLine ?? [a.streetAddress?.number, a.streetAddress?.name].filter(Boolean).join(' '),
            addressLine2: a.addressLine2 ?? '',
            city: a.city ?? '',
            postalCode: a.postalCode ?? '',
            subdivision: (a.subdivision ?? '').replace(/^[A-Z]{2}-/, ''),
            country: a.country ?? '',
          }
        : blank,
    );
    setErrors({});
    setEditing(i);
  };

  return (
    <Section>
      <h3 id={`${ids}ad`}>{t('me.addresses')}</h3>
      <p class="muted">{t('me.defaultHint')}</p>
      {list.length ? (
        <ul class="items cards" part="addresses">
          {list.map((a, i) => (
            <li key={a.id ?? i} class="item card" part="address">
              <p class="addr grow">
                {addressLines(i18n, a).map((x, j) => (
                  <span key={j}>{x}</span>
                ))}
              </p>
              {i === 0 ? <span class="chip">{t('me.default')}</span> : null}
              <ItemActions
                t={t}
                item={label(a)}
                first={i === 0 ? undefined : ['me.makeDefault', 'me.defaultLabel']}
                toFirst={() => void save([a, ...list.filter((_, j) => j !== i)])}
                edit={() => edit(i)}
                remove={() => void save(list.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('me.noAddresses')}</p>
      )}
      {editing !== undefined ? (
        <form
          key={String(editing)}
          ref={formRef}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-labelledby={`${ids}af`}
          part="address-form"
        >
          <h4 id={`${ids}af`}>{editing === 'new' ? t('me.newAddress') : t('me.editAddress')}</h4>
          <div class="grid">
            {ADDRESS_FIELDS.map(([name, label, auto, max]) => (
              <Input
                key={name}
                ids={ids}
                name={name}
                auto={auto}
                max={max}
                wide={name.startsWith('addressLine')}
                label={t(label)}
                value={form[name]}
                errors={errors}
              />
            ))}
            <div class="field">
              <label for={`${ids}f-country`}>{t('me.country')}</label>
              <select
                id={`${ids}f-country`}
                name="country"
                autoComplete="country"
                defaultValue={form.country}
                aria-invalid={errors['country'] ? 'true' : undefined}
                aria-describedby={errors['country'] ? `${ids}f-countrye` : undefined}
              >
                <option value="">{t('me.pickCountry')}</option>
                {countries.map(([c, n]) => (
                  <option key={c} value={c}>
                    {n}
                  </option>
                ))}
              </select>
              {errors['country'] ? (
                <p class="err" id={`${ids}f-countrye`}>
                  {errors['country']}
                </p>
              ) : null}
            </div>
          </div>
          <SaveCancel t={t} busy={w.busy} cancel={() => setEditing(undefined)} />
        </form>
      ) : list.length < MAX_ADDRESSES ? (
        <button type="button" class="btn" onClick={() => edit('new')}>
          {t('me.addAddress')}
        </button>
      ) : (
        <p class="muted">{t('me.tooMany', { n: MAX_ADDRESSES })}</p>
      )}
      <Status error={w.error} saved={w.saved} t={t} />
    </Section>
  );
}
