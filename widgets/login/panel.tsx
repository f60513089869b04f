import { useEffect, useRef } from 'react';
import type { InlayContext } from '../../core/context.ts';
import type { LoginModel, LoginUi } from './model.ts';
import { adoptPanelCss } from './panel-styles.ts';
import { Step, TITLES } from './steps.tsx';
import { strings } from './strings.ts';

// `<inlay-login>`'s surfaces and their sheet (the view adds it to its shadow root as this loads): loaded on demand with
// steps.tsx (the forms, their model and platform calls, a chunk the account's inline sign-in shares).
export { Menu } from './menu.tsx';
export { adoptPanelCss };

/**
 * The sign-in panel: the step's title, its notice or error, its form. While it moves out it keeps what it last showed,
 * inert and hidden from screen readers. Focus goes to the step's first field (or its title), and to the field a refused
 * step is about.
 */
export function Panel({
  model,
  ui,
  open,
  ids,
  i18n,
}: {
  model: LoginModel;
  ui: LoginUi;
  open: boolean;
  ids: string;
  i18n: InlayContext['i18n'];
}) {
  const t = i18n().strings(strings);
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef(ui);
  if (open) shown.current = ui;
  const step = shown.current;
  useEffect(() => {
    // a step's first field to type in (not a checkbox: a passkey's step has none), else its title
    if (open)
      (
        box.current?.querySelector<HTMLElement>('input:not([type=checkbox]),select') ??
        box.current?.querySelector<HTMLElement>('[data-focus]')
      )?.focus();
  }, [ui.step, open]);
  useEffect(() => box.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus(), [ui.errors]);
  return (
    <div
      ref={box}
      id={`${ids}p`}
      class={open ? 'panel' : 'panel out'}
      part="panel"
      role="dialog"
      aria-labelledby={`${ids}t`}
      aria-hidden={open ? undefined : 'true'}
      inert={!open}
      onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), model.close())}
    >
      <div class="head">
        <p class="title" id={`${ids}t`} tabIndex={-1} data-focus="">
          {t(TITLES[step.step])}
        </p>
        <button type="button" class="x" aria-label={t('login.close')} onClick={() => model.close()}>
          ×
        </button>
      </div>
      {open && ui.notice ? (
        <p class="notice" role="status">
          {ui.notice}
        </p>
      ) : null}
      {open && ui.errors.form ? (
        <p class="err" role="alert">
          {ui.errors.form}
        </p>
      ) : null}
      {/* keyed: each step gets fresh fields (uncontrolled inputs must not carry a value into another field) */}
      <Step key={step.step} ui={step} model={model} t={t} ids={ids} />
    </div>
  );
}
