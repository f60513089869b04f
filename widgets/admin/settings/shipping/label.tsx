import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import { ErrorLine, Failure } from '../../../../ui/states.tsx';
import { strings } from '../../strings.ts';
import type { ShippingModel } from './model.ts';
import type { T } from './words.ts';

const PACKAGES = [
  'CUSTOM',
  'FLAT_RATE_ENVELOPE',
  'PADDED_FLAT_RATE_ENVELOPE',
  'SMALL_FLAT_RATE_BOX',
  'MEDIUM_FLAT_RATE_BOX',
  'LARGE_FLAT_RATE_BOX',
] as const;
const SERVICES = [
  'GROUND_ADVANTAGE',
  'PRIORITY_MAIL',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
  'FIRST_CLASS_PACKAGE_INTERNATIONAL',
] as const;

/**
 * The shipping label provider's configuration (ship-from address, usual package, services, markup): its own read and
 * save, so a platform that refuses them costs this panel only. The form reads its fields when sent.
 */
export function LabelPanel({ t, i, ids, model }: { t: T; i: I18n; ids: string; model: ShippingModel }) {
  const l = useStore(model.$label);
  const f = `${ids}lb`;
  const c = l.config;
  return (
    <section class="label" aria-labelledby={`${f}h`} part="shipping-labels">
      <h4 id={`${f}h`}>{t('sh.label')}</h4>
      <p class="muted">{t('sh.labelIntro')}</p>
      {l.status === 'loading' ? (
        <div class="bone" />
      ) : l.status === 'error' || !c ? (
        <Failure
          error={`${t('sh.labelFailed')} ${l.error ?? ''}`.trim()}
          retry={() => void model.loadLabel()}
          label={i.strings(strings)('admin.retry')}
        />
      ) : (
        <form
          key={c.revision}
          onSubmit={(ev) => {
            ev.preventDefault();
            const v = new FormData(ev.currentTarget);
            const s = (k: string) => String(v.get(k) ?? '').trim();
            const type = s('pkg') as (typeof PACKAGES)[number];
            void model.saveLabel({
              shipFromAddress: {
                addressLine1: s('line1'),
                city: s('city'),
                postalCode: s('zip'),
                country: s('country').toUpperCase(),
                ...(s('sub') ? { subdivision: s('sub') } : {}),
              },
              defaultPackage:
                type === 'CUSTOM'
                  ? { type, dimensions: { length: s('len'), width: s('wid'), height: s('hei') } }
                  : { type },
              services: SERVICES.filter((x) => v.get(`svc-${x}`)),
              markup: { type: s('mk') as 'FIXED' | 'PERCENTAGE', value: s('mkv') },
            });
          }}
        >
          <fieldset>
            <legend>{t('sh.from')}</legend>
            <div class="grid">
              {(
                [
                  ['line1', 'sh.line1', c.shipFromAddress.addressLine1],
                  ['city', 'sh.city', c.shipFromAddress.city],
                  ['zip', 'sh.zip', c.shipFromAddress.postalCode],
                  ['country', 'sh.country', c.shipFromAddress.country],
                  ['sub', 'sh.sub', c.shipFromAddress.subdivision ?? ''],
                ] as const
              ).map(([name, label, value]) => (
                <div class="field" key={name}>
                  <label for={`${f}${name}`}>{t(label)}</label>
                  <input id={`${f}${name}`} name={name} dir="auto" defaultValue={value} required={name !== 'sub'} />
                </div>
              ))}
            </div>
          </fieldset>
          <div class="grid">
            <div class="field">
              <label for={`${f}pkg`}>{t('sh.package')}</label>
              <select id={`${f}pkg`} name="pkg">
                {PACKAGES.map((x) => (
                  <option key={x} value={x} selected={x === c.defaultPackage.type}>
                    {t(`sh.pkg.${x}`)}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for={`${f}len`}>{t('sh.dims')}</label>
              <span class="dims">
                {(['len', 'wid', 'hei'] as const).map((k, n) => (
                  <input
                    key={k}
                    name={k}
                    dir="ltr"
                    inputMode="decimal"
                    id={n ? undefined : `${f}len`}
                    aria-label={n ? t('sh.dims') : undefined}
                    defaultValue={c.defaultPackage.dimensions?.[(['length', 'width', 'height'] as const)[n]!] ?? ''}
                  />
                ))}
              </span>
            </div>
          </div>
          <fieldset>
            <legend>{t('sh.services')}</legend>
            <div class="checks">
              {SERVICES.map((x) => (
                <label class="check" key={x}>
                  <input type="checkbox" name={`svc-${x}`} defaultChecked={c.services.includes(x)} />
                  {t(`sh.svc.${x}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div class="grid">
            <div class="field">
              <label for={`${f}mk`}>{t('sh.markup')}</label>
              <select id={`${f}mk`} name="mk">
                <option value="FIXED" selected={c.markup.type === 'FIXED'}>
                  {t('sh.mk.FIXED')}
                </option>
                <option value="PERCENTAGE" selected={c.markup.type === 'PERCENTAGE'}>
                  {t('sh.mk.PERCENTAGE')}
                </option>
              </select>
            </div>
            <div class="field">
              <label for={`${f}mkv`}>{t('sh.value')}</label>
              <input id={`${f}mkv`} name="mkv" dir="ltr" inputMode="decimal" defaultValue={c.markup.value} />
            </div>
          </div>
          <div class="actions">
            <button type="submit" class="btn primary" aria-busy={l.busy || undefined}>
              {l.busy ? t('sh.saving') : t('sh.labelSave')}
            </button>
            <span role="status" class="ok">
              {l.saved ? t('sh.labelSaved') : ''}
            </span>
          </div>
          <ErrorLine error={l.saveError === 'REVISION_MISMATCH' ? t('sh.err.REVISION_MISMATCH') : l.saveError} />
        </form>
      )}
    </section>
  );
}
