import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import { RULE_TYPES, type DiscountsModel, type FormUi, type Rule, type RuleForm } from './model.ts';
import type { T } from './words.ts';

/** An ISO date as a `datetime-local` value (the page's time zone), and back. */
const local = (iso?: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const iso = (v: FormDataEntryValue | null) => (typeof v === 'string' && v ? new Date(v).toISOString() : undefined);

/**
 * The create/edit form: name, type and value, which items, the condition, the window, on or off. Save asks first
 * (what shoppers pay changes); the form stays as typed while it asks and after a refusal, whose words it shows.
 */
export function RuleEditor(p: { model: DiscountsModel; form: FormUi; rule?: Rule; t: T; i: I18n; ids: string }) {
  const { model, form, rule: r, t, ids } = p;
  const cat = useStore(model.$catalog);
  const [type, setType] = useState(r?.type ?? 'PERCENTAGE');
  const [target, setTarget] = useState(r?.appliesTo ?? 'ALL');
  const [trigger, setTrigger] = useState(r?.trigger ?? 'NONE');
  const [pending, setPending] = useState<RuleForm>();
  const [missing, setMissing] = useState(false);
  const id = `${ids}f`;
  const choices = target === 'COLLECTIONS' ? cat.collections : cat.products;
  const error = form.error === 'exists' ? t('dr.exists') : form.error === 'moved' ? t('dr.moved') : form.error;
  const read = (el: HTMLFormElement): RuleForm | undefined => {
    const f = new FormData(el);
    const picked = f.getAll('ids').map(String);
    if (target !== 'ALL' && !picked.length) return (setMissing(true), undefined);
    setMissing(false);
    const start = iso(f.get('start'));
    const end = iso(f.get('end'));
    const min = String(f.get('min') ?? '').trim();
    return {
      name: String(f.get('name') ?? '').trim(),
      active: f.get('active') === 'on',
      type: type as RuleForm['type'],
      value: String(f.get('value') ?? '').trim(),
      appliesTo: target as RuleForm['appliesTo'],
      ids: target === 'ALL' ? [] : picked,
      trigger: trigger as RuleForm['trigger'],
      ...(trigger !== 'NONE' && min ? { min } : {}),
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    };
  };
  return (
    <div class="card editor" part="discount-form">
      <form
        aria-labelledby={`${id}h`}
        onSubmit={(e) => {
          e.preventDefault();
          const v = read(e.currentTarget);
          if (v) setPending(v);
        }}
      >
        <h4 id={`${id}h`}>{r ? r.name : t('dr.new')}</h4>
        <fieldset disabled={!!pending || form.busy}>
          <label class="field">
            <span>{t('dr.name')}</span>
            <input
              name="name"
              required
              maxLength={50}
              dir="auto"
              defaultValue={r?.name ?? ''}
              aria-describedby={`${id}nh`}
            />
            <span class="muted" id={`${id}nh`}>
              {t('dr.nameHint')}
            </span>
          </label>
          <div class="row">
            <label class="field">
              <span>{t('dr.type')}</span>
              <select name="type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
                {RULE_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`dr.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label class="field">
              <span>
                {t('dr.value')} {type === 'PERCENTAGE' ? '(%)' : '($)'}
              </span>
              <input
                name="value"
                required
                inputMode="decimal"
                pattern="\d{1,12}([.]\d{1,4})?"
                dir="ltr"
                defaultValue={r?.value ?? ''}
              />
            </label>
          </div>
          <fieldset class="choice">
            <legend>{t('dr.appliesTo')}</legend>
            {(['ALL', 'PRODUCTS', 'COLLECTIONS'] as const).map((k) => (
              <label key={k} class="opt">
                <input type="radio" name="appliesTo" value={k} checked={target === k} onChange={() => setTarget(k)} />
                {t(`dr.${k}`)}
              </label>
            ))}
          </fieldset>
          {target === 'ALL' ? null : (
            <fieldset class="picks" aria-describedby={missing ? `${id}pm` : undefined}>
              <legend>{t(target === 'COLLECTIONS' ? 'dr.pickCollections' : 'dr.pickProducts')}</legend>
              {choices.map((c) => (
                <label key={c.id} class="opt">
                  <input
                    type="checkbox"
                    name="ids"
                    value={c.id}
                    defaultChecked={!!r && r.appliesTo === target && r.ids.includes(c.id)}
                  />
                  <bdi>{c.name}</bdi>
                </label>
              ))}
              {missing ? <ErrorLine id={`${id}pm`} error={t('dr.pickOne')} /> : null}
            </fieldset>
          )}
          <div class="row">
            <label class="field">
              <span>{t('dr.when')}</span>
              <select value={trigger} onChange={(e) => setTrigger(e.currentTarget.value)}>
                <option value="NONE">{t('dr.NONE')}</option>
                <option value="SUBTOTAL">{t('dr.minSubtotal')}</option>
                <option value="QUANTITY">{t('dr.minQuantity')}</option>
              </select>
            </label>
            {trigger === 'NONE' ? null : (
              <label class="field">
                <span>
                  {t('dr.min')} {trigger === 'SUBTOTAL' ? '($)' : ''}
                </span>
                <input
                  name="min"
                  required
                  inputMode="decimal"
                  dir="ltr"
                  pattern={trigger === 'SUBTOTAL' ? '\\d{1,12}([.]\\d{1,2})?' : '[1-9]\\d{0,5}'}
                  defaultValue={r?.min ?? ''}
                />
              </label>
            )}
          </div>
          <div class="row">
            <label class="field">
              <span>{t('dr.start')}</span>
              <input type="datetime-local" name="start" defaultValue={local(r?.start)} />
            </label>
            <label class="field">
              <span>{t('dr.end')}</span>
              <input type="datetime-local" name="end" defaultValue={local(r?.end)} />
            </label>
          </div>
          <label class="opt">
            <input type="checkbox" name="active" defaultChecked={r?.active ?? true} />
            {t('dr.active')}
          </label>
        </fieldset>
        {pending ? null : (
          <>
            <ErrorLine error={error} />
            <div class="actions">
              <button type="submit" class="btn primary" aria-busy={form.busy || undefined}>
                {t('dr.save')}
              </button>
              <button type="button" class="btn" onClick={model.cancel}>
                {t('dr.cancel')}
              </button>
            </div>
          </>
        )}
      </form>
      {pending ? (
        <Confirm
          id={`${id}c`}
          question={t(form.id ? 'dr.confirmEdit' : 'dr.confirmNew', { name: pending.name })}
          confirm={t('dr.save')}
          busyLabel={t('dr.saving')}
          keep={t('dr.cancel')}
          danger={false}
          busy={form.busy}
          error={error}
          focus
          onConfirm={async () => {
            if (!(await model.save(pending))) setPending(undefined);
          }}
          onKeep={() => setPending(undefined)}
        />
      ) : null}
    </div>
  );
}
