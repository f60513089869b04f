import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { createAbandonedModel, type Filter } from './model.ts';
import { abandonedStrings } from './strings.ts';
import { abandonedCss } from './styles.ts';
import { Row } from './row.tsx';
import type { T } from './words.ts';
import { ErrorLine } from '../../../ui/states.tsx';

/**
 * Abandoned checkouts: who left what and when, newest first, filtered by status; a checkout's lines and activity; the
 * recovery email, sent only after a confirmation that names the address, with every refusal said in words.
 */
export function AbandonedCheckouts({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(abandonedStrings);
  const model = useMemo(() => createAbandonedModel(context), []);
  const l = useStore(model.$list);
  const filter = useStore(model.$filter);
  const detail = useStore(model.$detail);
  const sends = useStore(model.$send);
  useEffect(() => void model.load(), [model]);

  return (
    <div class="ab" ref={(n) => adoptSheet(n, abandonedCss)}>
      <div class="head">
        <h3 id={`${ids}a`}>{t('ab.title')}</h3>
        <label class="filter">
          {t('ab.show')}{' '}
          <select value={filter} onChange={(e) => model.filter(e.currentTarget.value as Filter)}>
            {(['', 'ABANDONED', 'RECOVERED'] as const).map((f) => (
              <option key={f} value={f}>
                {t(f ? `ab.${f}` : 'ab.all')}
              </option>
            ))}
          </select>
        </label>
      </div>
      {l.mailConfigured === false ? (
        <p class="note" part="mail-off">
          {t('ab.noMail')}
        </p>
      ) : null}
      {before({
        i18n: context.i18n(),
        status: l.status === 'idle' ? 'loading' : l.status,
        error: l.error,
        retry: () => model.load(),
        empty: !l.items.length && t('ab.empty'),
      }) ?? (
        <>
          <p class="muted">
            <bdi>
              {t('ab.count', { count: l.items.length })}
              {l.next ? '+' : ''}
            </bdi>
          </p>
          <ul class="list" aria-labelledby={`${ids}a`}>
            {l.items.map((a) => (
              <Row
                key={a.id}
                a={a}
                t={t}
                i={i}
                ids={ids}
                model={model}
                detail={detail?.id === a.id ? detail : undefined}
                send={sends[a.id] ?? {}}
              />
            ))}
          </ul>
          <More next={!!l.next} busy={l.more} label={t('ab.more')} onMore={() => model.more()} class="btn" />
          <ErrorLine error={l.error} />
        </>
      )}
    </div>
  );
}
