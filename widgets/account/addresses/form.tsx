import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../core/i18n/index.ts';
import { formFields, Input, SaveCancel, type MemberFormProps } from '../member/fields.tsx';
import { ADDRESS_FIELDS, COUNTRIES, type AddressesModel, type Field } from './model.ts';

/** Adding or editing one address: its fields (errors told on each), the country from a list named in the page's language. */
export function AddressForm(
  p: MemberFormProps & {
    model: AddressesModel;
    editing: number | 'new';
    initial: Record<Field, string>;
    i18n: I18n;
    close: () => void;
  },
) {
  const { model, ids, t, i18n, initial: form } = p;
  const errors = useStore(model.w.$state).errors;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const countries = [...new Set([...COUNTRIES, ...(form.country ? [form.country] : [])])]
    .map((c) => [c, names.of(c) ?? c] as const)
    .sort((a, b) => a[1].localeCompare(b[1], i18n.locale));
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await model.saveAddress(p.member, formFields(e), p.editing);
    if (typeof r === 'string') formRef.current?.querySelector<HTMLElement>(`[name=${r}]`)?.focus();
    else if (r) p.close();
  };
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids}af`} part="address-form">
      <h4 id={`${ids}af`}>{p.editing === 'new' ? t('me.newAddress') : t('me.editAddress')}</h4>
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
            aria-invalid={errors['country'] ? 'true' : undefined}
            aria-describedby={errors['country'] ? `${ids}f-countrye` : undefined}
          >
            <option value="" selected={!form.country}>
              {t('me.pickCountry')}
            </option>
            {countries.map(([c, n]) => (
              <option key={c} value={c} selected={c === form.country}>
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
      <SaveCancel t={t} w={model.w} cancel={p.close} />
    </form>
  );
}
