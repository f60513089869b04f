import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import type { CheckoutSettingsInput } from '../../../../core/api/admin-tips.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { settingsFormCss } from '../tips/styles.ts';
import { createCheckoutModel, draftOf, POLICIES } from './model.ts';
import { checkoutStrings } from './strings.ts';
import { useFrench } from '../french.ts';

type Draft = CheckoutSettingsInput;
type Policy = (typeof POLICIES)[number] | 'customPolicy';

/**
 * Settings › Checkout: the checkout page's header (text, logo size, alignment, its heading), the policies it shows
 * (each shown or not, its text; one of the owner's own with its title) and its checkboxes (the policy agreement, news
 * and offers); saved after a confirmation, what was typed kept through any failure.
 */
export function CheckoutSettings({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t = i.strings(checkoutStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, checkoutStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createCheckoutModel(context), []);
  const ui = useStore(model.$ui);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [asking, setAsking] = useState(false);
  useEffect(() => void model.load().then((s) => s && setDraft(draftOf(s))), [model]);
  const id = `${ids}co`;
  const d = draft ?? (ui.saved && draftOf(ui.saved));
  const tooLong = !!d && d.header.text.trim().length > 55;

  const body = () => {
    if (!d) return null;
    // each change from the draft as it is then (two events before a render both count)
    const set = (f: (x: Draft) => Draft) => setDraft((cur) => f(cur ?? d));
    const header = (h: Partial<Draft['header']>) => set((x) => ({ ...x, header: { ...x.header, ...h } }));
    const policy = (k: Policy, p: Partial<Draft['checkoutPolicies']['customPolicy']>) =>
      set((x) => ({ ...x, checkoutPolicies: { ...x.checkoutPolicies, [k]: { ...x.checkoutPolicies[k], ...p } } }));
    const fields = <K extends keyof Draft['checkoutFields']>(k: K, p: Partial<Draft['checkoutFields'][K]>) =>
      set((x) => ({ ...x, checkoutFields: { ...x.checkoutFields, [k]: { ...x.checkoutFields[k], ...p } } }));
    const check = (label: string, on: boolean, change: (v: boolean) => void) => (
      <label class="check">
        <input type="checkbox" checked={on} onChange={(e) => change(e.currentTarget.checked)} />
        {label}
      </label>
    );
    const radios = <V extends string>(
      legend: string,
      name: string,
      list: readonly V[],
      value: string,
      pick: (v: V) => void,
    ) => (
      <fieldset>
        <legend>{legend}</legend>
        <div class="row">
          {list.map((v) => (
            <label class="check" key={v}>
              <input type="radio" name={`${id}${name}`} checked={value === v} onChange={() => pick(v)} />
              {t(`co.${v}` as never)}
            </label>
          ))}
        </div>
      </fieldset>
    );
    const sub = d.checkoutFields.subscriptionCheckbox;
    const agree = d.checkoutFields.policyAgreementCheckbox;
    return (
      <form
        aria-labelledby={`${id}h`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooLong) setAsking(true);
        }}
      >
        <fieldset>
          <legend>{t('co.header')}</legend>
          <div class="field">
            <label for={`${id}t`}>{t('co.text')}</label>
            <input
              id={`${id}t`}
              dir="auto"
              value={d.header.text}
              aria-invalid={tooLong ? 'true' : undefined}
              aria-describedby={`${id}th${tooLong ? ` ${id}te` : ''}`}
              onInput={(e) => header({ text: e.currentTarget.value })}
            />
            <p class="muted" id={`${id}th`}>
              {t('co.textHint')}
            </p>
            <ErrorLine id={`${id}te`} error={tooLong && t('co.tooLong')} />
          </div>
          {radios(t('co.logo'), 'lg', ['SMALL', 'MEDIUM', 'LARGE'] as const, d.header.logoSize, (v) =>
            header({ logoSize: v }),
          )}
          {radios(t('co.align'), 'al', ['SIDE', 'CENTER'] as const, d.header.alignment, (v) =>
            header({ alignment: v }),
          )}
          {check(t('co.label'), d.header.displayCheckoutLabel, (v) => header({ displayCheckoutLabel: v }))}
        </fieldset>
        <fieldset aria-describedby={`${id}ph`}>
          <legend>{t('co.policies')}</legend>
          <p class="muted" id={`${id}ph`}>
            {t('co.policiesHint')}
          </p>
          {[...POLICIES, 'customPolicy' as const].map((k) => {
            const p = d.checkoutPolicies[k];
            const name =
              k === 'customPolicy' && d.checkoutPolicies.customPolicy.title.trim()
                ? d.checkoutPolicies.customPolicy.title.trim()
                : t(`co.${k}`);
            return (
              <div class="field" key={k} part="policy">
                {check(t('co.show', { name }), p.visible, (v) => policy(k, { visible: v }))}
                {k === 'customPolicy' && p.visible ? (
                  <>
                    <label for={`${id}${k}n`}>{t('co.customTitle')}</label>
                    <input
                      id={`${id}${k}n`}
                      dir="auto"
                      maxLength={100}
                      value={d.checkoutPolicies.customPolicy.title}
                      onInput={(e) => policy(k, { title: e.currentTarget.value })}
                    />
                  </>
                ) : null}
                {p.visible ? (
                  <>
                    <label for={`${id}${k}`}>{t('co.content', { name })}</label>
                    <textarea
                      id={`${id}${k}`}
                      dir="auto"
                      maxLength={10000}
                      value={p.content}
                      onInput={(e) => policy(k, { content: e.currentTarget.value })}
                    />
                  </>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>{t('co.boxes')}</legend>
          {check(t('co.agree'), agree.visible, (v) => fields('policyAgreementCheckbox', { visible: v }))}
          {agree.visible
            ? check(t('co.tickedAgree'), agree.checkedByDefault, (v) =>
                fields('policyAgreementCheckbox', { checkedByDefault: v }),
              )
            : null}
          {check(t('co.subscribe'), sub.visible, (v) => fields('subscriptionCheckbox', { visible: v }))}
          {sub.visible ? (
            <>
              {check(t('co.ticked'), sub.checkedByDefault, (v) =>
                fields('subscriptionCheckbox', { checkedByDefault: v }),
              )}
              {check(t('co.split'), sub.splitByChannel, (v) => fields('subscriptionCheckbox', { splitByChannel: v }))}
            </>
          ) : null}
        </fieldset>
        {ui.notice === 'saved' ? (
          <p class="ok" role="status">
            {t('co.saved')}
          </p>
        ) : null}
        {asking ? null : (
          <>
            <ErrorLine error={ui.saveError} />
            <div class="actions">
              <button type="submit" class="btn primary">
                {t('co.save')}
              </button>
            </div>
          </>
        )}
      </form>
    );
  };

  return (
    <div class="sf" part="checkout-settings" ref={(n) => adoptSheet(n, settingsFormCss)}>
      <h3 id={`${id}h`}>{t('co.title')}</h3>
      <p class="muted">{t('co.intro')}</p>
      {before({ i18n: i, status: ui.status, error: ui.error, retry: () => void model.load() }) ?? body()}
      {asking && d ? (
        <Confirm
          id={`${id}c`}
          focus
          question={t('co.confirm')}
          hint={t('co.confirmHint')}
          busy={ui.saving}
          busyLabel={t('co.saving')}
          error={ui.saveError}
          confirm={t('co.save')}
          keep={t('co.keep')}
          danger={false}
          part="checkout-confirm"
          onConfirm={() =>
            void model.save(d).then((ok) => {
              setAsking(false);
              const s = model.$ui.get().saved;
              if (ok && s) setDraft(draftOf(s));
            })
          }
          onKeep={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
