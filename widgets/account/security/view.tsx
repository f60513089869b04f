import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Section, type SectionProps } from '../section.tsx';
import { Bones, ErrorLine, Failure } from '../../../ui/states.tsx';
import { createSecurityModel } from './model.ts';

/**
 * Second factors: what they are, that the platform's hosted account page manages them (named by its host), and the
 * link there. Nothing about the member's factors is read: no public call gives them (docs/wire.md).
 */
export function SecuritySection({ context, ids }: SectionProps) {
  const [model] = useState(() => createSecurityModel(context));
  const s = useStore(model.$state);
  const { t } = model;
  useEffect(() => void model.load(), []);
  const ready = s.url && s.site;
  return (
    <Section>
      <section aria-labelledby={`${ids}sec`} part="security">
        <h3 id={`${ids}sec`}>{t('sec.title')}</h3>
        <div class="stack">
          <p>{t('sec.what')}</p>
          {ready ? (
            <>
              <p>{t('sec.managed', { site: s.site! })}</p>
              <p class="muted">{t('sec.cannot')}</p>
              <div class="actions">
                <a class="btn" href={s.url} onClick={model.follow} aria-busy={s.busy || undefined}>
                  {s.busy ? t('sec.opening') : t('sec.open', { site: s.site! })}
                </a>
              </div>
            </>
          ) : s.refused ? (
            <ErrorLine error={s.error} />
          ) : s.error ? (
            <Failure error={s.error} retry={() => void model.load()} label={t('sec.retry')} />
          ) : (
            <Bones rows={2} />
          )}
        </div>
      </section>
    </Section>
  );
}
