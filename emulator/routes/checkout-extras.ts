/**
 * What the tips and the checkout settings add to the hosted checkout (issue 40, i40-tips; docs/wire.md "i40-tips"):
 * the tip's choices and the one the form sent, the header's look, the policies and the checkboxes, and what a paid
 * form must hold (the policy agreement ticked when shown). routes/checkout.ts calls these at one place each.
 */
import type { Database } from 'better-sqlite3';
import { checkoutSettings } from '../domain/checkout-settings.ts';
import {
  defaultChoice,
  hundredthsOf,
  offeredTipSettings,
  storedTipChoice,
  tipCentsOf,
  type TipChoice,
  type TipSettings,
} from '../domain/tips.ts';
import type { CheckoutField, CheckoutLook, CheckoutTip } from '../hosted/pages.ts';
import type { HostedLocale } from '../hosted/locale.ts';
import { word, type Said } from '../hosted/words.ts';

type Values = Partial<Record<CheckoutField | 'saveAddress', string>>;

/** A custom tip as typed: up to 6 digits, and a decimal point or comma with at most 2 decimals. */
const CUSTOM_TIP = /^\d{1,6}([.,]\d{1,2})?$/;

/**
 * The tip the form chose: `undefined` (none sent: the flow's stored choice or the default preset), `null` (no tip), a
 * choice, or the field's error.
 */
export function formTip(db: Database, values: Values): { choice?: TipChoice | null; error?: [CheckoutField, Said] } {
  const s = offeredTipSettings(db);
  const sent = values.tip;
  if (!s || sent === undefined) return {};
  if (sent === 'none') return { choice: null };
  if (sent === 'custom') {
    const typed = (values.tipCustom ?? '').trim();
    if (!s.allowCustomAmount) return { error: ['tipCustom', 'Choose one of the tips offered'] };
    if (!CUSTOM_TIP.test(typed)) return { error: ['tipCustom', 'Enter a tip amount, such as 5 or 5.50'] };
    return { choice: { tipType: 'CUSTOM', hundredths: hundredthsOf(typed.replace(',', '.')) } };
  }
  const preset = /^p[0-2]$/.test(sent) ? s.presets[Number(sent.slice(1))] : undefined;
  if (!preset) return { error: ['tipCustom', 'Choose one of the tips offered'] };
  return { choice: { tipType: s.tipType, hundredths: hundredthsOf(preset.value) } };
}

/** The form's value for a choice: the preset it matches, `custom`, or `none`. */
function valueOf(s: TipSettings, c: TipChoice | undefined): string {
  if (!c || c.hundredths === 0) return 'none';
  const i = s.presets.findIndex((p) => c.tipType === s.tipType && hundredthsOf(p.value) === c.hundredths);
  return i >= 0 ? `p${i}` : c.tipType === 'CUSTOM' && s.allowCustomAmount ? 'custom' : 'none';
}

/** The tip fieldset's choices for a line-item subtotal, the one selected, and its amount. */
export function tipView(
  db: Database,
  locale: HostedLocale,
  purchaseFlowId: string,
  subtotalCents: number,
  values: Values,
  tipCents: number,
  m: (cents: number) => string,
): CheckoutTip | undefined {
  const s = offeredTipSettings(db);
  if (!s) return undefined;
  const percent = new Intl.NumberFormat(locale.lang, { style: 'percent', maximumFractionDigits: 2 });
  const stored = storedTipChoice(db, purchaseFlowId);
  const selected = values.tip ?? valueOf(s, stored ?? defaultChoice(s));
  const typed =
    values.tipCustom ?? (stored?.tipType === 'CUSTOM' && stored.hundredths ? (stored.hundredths / 100).toFixed(2) : '');
  return {
    options: [
      { value: 'none', label: word(locale, 'No tip'), amount: '', cents: 0 },
      ...s.presets.map((p, i) => {
        const cents = tipCentsOf({ tipType: s.tipType, hundredths: hundredthsOf(p.value) }, subtotalCents);
        return s.tipType === 'PERCENTAGE'
          ? { value: `p${i}`, label: percent.format(p.value / 100), amount: m(cents), cents }
          : { value: `p${i}`, label: m(cents), amount: '', cents };
      }),
      ...(s.allowCustomAmount ? [{ value: 'custom', label: word(locale, 'Custom'), amount: '', cents: 0 }] : []),
    ],
    selected,
    ...(s.allowCustomAmount ? { custom: { value: typed } } : {}),
    amount: m(tipCents),
    cents: tipCents,
  };
}

const POLICY_TITLES = {
  termsAndConditions: 'Terms and conditions',
  privacyPolicy: 'Privacy policy',
  returnPolicy: 'Return policy',
  digitalItemPolicy: 'Digital item policy',
  contactUs: 'Contact us',
} as const;

/** The header, the policies shown and the checkboxes, from the checkout settings. `fresh`: a first render (GET). */
export function checkoutLook(db: Database, locale: HostedLocale, values: Values, fresh: boolean): CheckoutLook {
  const cs = checkoutSettings(db);
  const p = cs.checkoutPolicies;
  const policies = [
    ...(Object.keys(POLICY_TITLES) as (keyof typeof POLICY_TITLES)[])
      .filter((k) => p[k].visible && p[k].content.trim())
      .map((k) => ({ title: word(locale, POLICY_TITLES[k]), content: p[k].content })),
    ...(p.customPolicy.visible && p.customPolicy.content.trim()
      ? [{ title: p.customPolicy.title.trim() || word(locale, 'Store policy'), content: p.customPolicy.content }]
      : []),
  ];
  const f = cs.checkoutFields;
  const ticked = (name: CheckoutField, byDefault: boolean) => (fresh ? byDefault : values[name] === '1');
  const sub = f.subscriptionCheckbox;
  const consents: CheckoutLook['consents'] = [
    ...(f.policyAgreementCheckbox.visible
      ? [
          {
            name: 'policyAgreement' as const,
            label: word(locale, 'I agree to the store’s policies'),
            checked: ticked('policyAgreement', f.policyAgreementCheckbox.checkedByDefault),
          },
        ]
      : []),
    ...(sub.visible
      ? sub.splitByChannel
        ? [
            {
              name: 'subscribe' as const,
              label: word(locale, 'Email me news and offers'),
              checked: ticked('subscribe', sub.checkedByDefault),
            },
            {
              name: 'subscribeSms' as const,
              label: word(locale, 'Text me news and offers'),
              checked: ticked('subscribeSms', sub.checkedByDefault),
            },
          ]
        : [
            {
              name: 'subscribe' as const,
              label: word(locale, 'Send me news and offers by email and text message'),
              checked: ticked('subscribe', sub.checkedByDefault),
            },
          ]
      : []),
  ];
  const header = cs.checkoutBrand.header;
  return {
    size: header.logo.size as CheckoutLook['size'],
    center: header.alignment === 'CENTER',
    label: header.displayCheckoutLabel !== false,
    policies,
    consents,
  };
}

/** The header's text and logo image from the checkout settings, over the site's name and logo. */
export function checkoutBrandOverride(db: Database): { name?: string; logo?: string } {
  const h = checkoutSettings(db).checkoutBrand.header;
  return {
    ...(h.text?.trim() ? { name: h.text.trim() } : {}),
    ...(h.logo.image?.url ? { logo: h.logo.image.url } : {}),
  };
}

/** A paid form's problem with the checkboxes: the policy agreement shown and not ticked. */
export function consentError(db: Database, values: Values): [CheckoutField, Said] | undefined {
  const f = checkoutSettings(db).checkoutFields;
  return f.policyAgreementCheckbox.visible && values.policyAgreement !== '1'
    ? ['policyAgreement', 'Tick the box to agree to the store’s policies']
    : undefined;
}
