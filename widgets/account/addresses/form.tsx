import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../core/i18n/index.ts';
import { formFields, Input, SaveCancel, type MemberFormProps } from '../member/fields.tsx';
import { ADDRESS_FIELDS, COUNTRIES, type AddressesModel, type Field } from './model.ts';
import { localeCountry, regionsOf } from './regions.ts';

/**
 * Adding or editing one address: the country first (a new one's from the page's language, else the browser's), the
 * name and phone, the street, the city, the region (a list where the country has one) and the postal code; errors
 * told on each field, what was typed kept.
 */
export function AddressForm(
  p: MemberFormProps & {
    model: AddressesModel;
    editing: number | 'new';
    initial: Record<Field, string>;
    i18n: I18n;
    close: () => void;
  },
) {
  const { model, t, i18n, initial: form } = p;
  // the address form's own ids: the profile around it has name and phone fields of its own
  const ids = `${p.ids}a`;
  const errors = useStore(model.w.$state).errors;
  const formRef = useRef<HTMLFormElement>(null);
  const [country, setCountry] = useState(
    () => form.country || localeCountry(COUNTRIES, i18n.locale, globalThis.navigator?.language) || '',
  );
  const [region, setRegion] = useState(form.subdivision);
  // a French page's region names: their own chunk, loaded only there
  const [frNames, setFrNames] = useState('');
  useEffect(() => {
    if (i18n.language === 'fr') void import('./regions-fr.ts').then((m) => setFrNames(m.names));
  }, [i18n.language]);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('select,input')?.focus(), []);
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const countries = [...new Set([...COUNTRIES, ...(form.country ? [form.country] : [])])]
    .map((c) => [c, names.of(c) ?? c] as const)
    .sort((a, b) => a[1].localeCompare(b[1], i18n.locale));
  const regions = regionsOf(country, frNames, i18n.locale);
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await model.saveAddress(p.member, formFields(e), p.editing);
    if (typeof r === 'string') formRef.current?.querySelector<HTMLElement>(`[name=${r}]`)?.focus();
    else if (r) p.close();
  };
  const error = (name: string) =>
    errors[name] ? (
      <p class="err" id={`${ids}f-${name}e`}>
        {errors[name]}
      </p>
    ) : null;
  const invalid = (name: string) => ({
    'aria-invalid': errors[name] ? ('true' as const) : undefined,
    'aria-describedby': errors[name] ? `${ids}f-${name}e` : undefined,
  });
  const input = (name: Exclude<Field, 'country'>) => {
    const [, label, auto, max] = ADDRESS_FIELDS.find((f) => f[0] === name)!;
    return (
      <Input
        key={name}
        ids={ids}
        name={name}
        auto={auto}
        max={max}
        type={name === 'phone' ? 'tel' : undefined}
        wide={name.startsWith('addressLine') || name === 'phone'}
        label={t(label)}
        value={form[name]}
        errors={errors}
      />
    );
  };
  return (
    <form
      ref={formRef}
      class="addr-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${ids}af`}
      part="address-form"
    >
      <h4 id={`${ids}af`}>{p.editing === 'new' ? t('me.newAddress') : t('me.editAddress')}</h4>
      <div class="grid">
        <div class="field full">
          <label for={`${ids}f-country`}>{t('me.country')}</label>
          <select
            id={`${ids}f-country`}
            name="country"
            autoComplete="country"
            value={country}
            onChange={(e) => (setCountry((e.currentTarget as HTMLSelectElement).value), setRegion(''))}
            {...invalid('country')}
          >
            <option value="">{t('me.pickCountry')}</option>
            {countries.map(([c, n]) => (
              <option key={c} value={c}>
                {n}
              </option>
            ))}
          </select>
          {error('country')}
        </div>
        {input('firstName')}
        {input('lastName')}
        {input('phone')}
        {input('addressLine')}
        {input('addressLine2')}
        {input('city')}
        {regions ? (
          <div class="field" key={`r-${country}`}>
            <label for={`${ids}f-subdivision`}>{t('me.regionPick')}</label>
            <select
              id={`${ids}f-subdivision`}
              name="subdivision"
              autoComplete="address-level1"
              value={region}
              onChange={(e) => setRegion((e.currentTarget as HTMLSelectElement).value)}
              {...invalid('subdivision')}
            >
              <option value="">{t('me.pickRegion')}</option>
              {regions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {error('subdivision')}
          </div>
        ) : (
          input('subdivision')
        )}
        {input('postalCode')}
      </div>
      <p class="hint">{t('me.addrWho')}</p>
      <SaveCancel t={t} w={model.w} cancel={p.close} />
    </form>
  );
}
