import { useEffect, useMemo, useRef, useState } from 'react';
import { adoptSheet } from '../../../core/element.ts';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import { setUrl, urlParam } from '../../../ui/tabs.tsx';
import type { ConsoleSectionProps } from '../section.ts';
import { SETTINGS, SETTINGS_KEYS, useFrench, type SettingsKey } from './parts.ts';
import { settingsStrings } from './strings.ts';
import { strings } from '../strings.ts';
import { settingsCss } from './styles.ts';

/**
 * The store's settings (the console's Settings tab): a list of sections, each opened in place and kept in the page's
 * URL (`admin-setting=<key>`; Back returns to the list or the section before), each section its own chunk
 * (parts.ts). At ≥ 900 px the list stays beside the open section.
 */
export function Settings(props: ConsoleSectionProps) {
  const { context, ids } = props;
  const i = context.i18n();
  const t = i.strings(settingsStrings);
  useFrench(i, settingsStrings, () => import('./strings.fr.ts'));
  const keys = useMemo(() => SETTINGS_KEYS.filter((k) => SETTINGS[k]), []);
  const pick = (s: string | null | undefined) => keys.find((k) => k === s);
  const [open, setOpen] = useState<SettingsKey | undefined>(() => pick(urlParam('admin-setting') ?? props.focus));
  const back = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const follow = () => setOpen(pick(urlParam('admin-setting')));
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const go = (k: SettingsKey | undefined) => {
    setOpen(k);
    setUrl({ 'admin-setting': k });
    // the list again: focus the section just left, so the keyboard is where it was
    if (!k && open) queueMicrotask(() => nav.current?.querySelector<HTMLElement>(`[data-k="${open}"]`)?.focus());
  };
  const part = useLazyPart(open ?? '', (k) => SETTINGS[k as SettingsKey]!(i.language), context.i18n, {
    enabled: !!open,
  });
  return (
    <div class="sc" ref={(n) => adoptSheet(n, settingsCss)}>
      <div class={`set${open ? ' open' : ''}`} part="settings">
        <nav class="nav" aria-labelledby={`${ids}sh`} ref={nav}>
          <h3 id={`${ids}sh`}>{t('admin.set.list')}</h3>
          <ul>
            {keys.map((k) => (
              <li key={k}>
                <button
                  type="button"
                  data-k={k}
                  part="setting"
                  aria-current={k === open}
                  aria-describedby={`${ids}s-${k}`}
                  onClick={() => go(k)}
                >
                  <span class="name">{t(`admin.set.${k}`)}</span>
                  <span class="about" id={`${ids}s-${k}`}>
                    {t(`admin.set.${k}.about`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {open ? (
          <div class="pane" part="setting-panel">
            <button type="button" class="back" ref={back} onClick={() => go(undefined)}>
              {t('admin.set.back')}
            </button>
            <LazyPart state={part} retryLabel={i.strings(strings)('admin.retry')}>
              {(Part) => <Part {...props} />}
            </LazyPart>
          </div>
        ) : null}
      </div>
    </div>
  );
}
