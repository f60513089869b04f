import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { adoptSheet } from '../../core/element.ts';
import type { I18n } from '../../core/i18n/index.ts';
import type { Icon as IconType } from './icons.tsx';
import type { T } from './parts.tsx';

const CLOSE = 'M6 6l12 12M18 6L6 18';
const CHEVRON = 'M15 5l-7 7 7 7';

/** The lightbox's CSS: it loads with the lightbox's chunk and is added to the widget's shadow root as it opens. */
export const lightboxCss = `
.lightbox{width:min(94vw,880px);max-width:none;max-height:94vh;padding:0;border:none;border-radius:var(--_radius);background:var(--_bg);color:var(--_text);
box-shadow:var(--_shadow);overflow:auto}
.lightbox[open]{animation:lb-in .2s ease-out}
.lightbox::backdrop{background:rgb(0 0 0/.75)}
.lightbox[open]::backdrop{animation:lb-fade .2s ease-out}
.lightbox.out{animation:lb-in .15s ease-in reverse forwards}
@keyframes lb-in{from{opacity:0;transform:scale(.96)}}
@keyframes lb-fade{from{opacity:0}}
.stage{position:relative;display:flex;align-items:center;justify-content:center;min-height:200px;background:#111;touch-action:pan-y;user-select:none}
.stage img{display:block;max-width:100%;max-height:min(70vh,640px);border-radius:0;object-fit:contain}
.icon{position:absolute;z-index:1;display:flex;align-items:center;justify-content:center;width:44px;padding:0;border:none;border-radius:50%;
background:rgb(0 0 0/.6);color:#fff}
.icon:focus-visible{outline-color:#fff}
.close{top:8px;inset-inline-end:8px}
.nav{top:calc(50% - 22px)}
.prev{inset-inline-start:8px}.next{inset-inline-end:8px}
.next svg,.prev:dir(rtl) svg{transform:scaleX(-1)}.next:dir(rtl) svg{transform:none}
.count{position:absolute;top:14px;inset-inline-start:12px;padding:2px 10px;border-radius:999px;background:rgb(0 0 0/.6);color:#fff;font-size:14.4px}
.cap{display:flex;flex-direction:column;gap:6px;padding:calc(var(--_space)*2)}
@media (prefers-reduced-motion:reduce){.lightbox,.lightbox::backdrop{animation:none!important}}
`;

/**
 * A modal photo viewer with the review under the photo (`children`, drawn by the review): icon buttons
 * (previous/next at the sides, close in the corner), a counter, arrow keys and swipes move, Escape closes; it fades in
 * and out (not under reduced motion) and focus goes back to the thumbnail. Its own chunk, loaded when a photo is about
 * to open (item.tsx); what it shares with the list comes in as props, so the chunk never imports the widget's.
 */
export function Lightbox({
  photos,
  start,
  author,
  t,
  i18n,
  Icon,
  onClose,
  children,
}: {
  photos: string[];
  start: number;
  author: string;
  t: T;
  i18n: () => I18n;
  Icon: typeof IconType;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // the sheet is in place before the dialog shows
  useLayoutEffect(() => adoptSheet(ref.current, lightboxCss), []);
  const [i, setI] = useState(start);
  const [out, setOut] = useState(false);
  const down = useRef<{ x: number; y: number }>();
  useEffect(() => {
    const d = ref.current!;
    const opener = (d.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
    d.showModal?.();
    return () => opener?.focus();
  }, []);
  const n = photos.length;
  // "next" is the arrow or swipe towards the end of the line, which depends on the reading direction
  const dir = () => (getComputedStyle(ref.current!).direction === 'rtl' ? -1 : 1);
  const go = (k: number) => setI((v) => (v + k + n) % n);
  const close = () => {
    if (out) return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return ref.current?.close();
    setOut(true);
    setTimeout(() => ref.current?.close(), 150);
  };
  const label = t('rev.photo', { n: i + 1, total: n, name: author });
  return (
    <dialog
      ref={ref}
      class={out ? 'lightbox out' : 'lightbox'}
      part="lightbox"
      aria-label={label}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => e.target === ref.current && close()}
      onKeyDown={(e) => {
        const k = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (k && n > 1) go(k * dir());
      }}
    >
      <button type="button" class="icon close" aria-label={t('rev.close')} onClick={close}>
        <Icon d={CLOSE} />
      </button>
      <div
        class="stage"
        onPointerDown={(e) => void (down.current = { x: e.clientX, y: e.clientY })}
        onPointerCancel={() => void (down.current = undefined)}
        onPointerUp={(e) => {
          const d = down.current;
          down.current = undefined;
          const dx = d ? e.clientX - d.x : 0;
          if (n > 1 && Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(e.clientY - d!.y)) go((dx < 0 ? 1 : -1) * dir());
        }}
      >
        <img src={photos[i]} alt={label} draggable={false} />
        {n > 1 ? (
          <>
            <button type="button" class="icon nav prev" aria-label={t('rev.prev')} onClick={() => go(-1)}>
              <Icon d={CHEVRON} />
            </button>
            <button type="button" class="icon nav next" aria-label={t('rev.next')} onClick={() => go(1)}>
              <Icon d={CHEVRON} />
            </button>
            <p class="count" aria-hidden="true">
              <bdi>{`${i18n().number(i + 1)} / ${i18n().number(n)}`}</bdi>
            </p>
          </>
        ) : null}
      </div>
      <div class="cap">{children}</div>
      <p class="visually-hidden" aria-live="polite">
        {n > 1 ? label : ''}
      </p>
    </dialog>
  );
}
