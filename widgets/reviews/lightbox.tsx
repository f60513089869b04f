import { useEffect, useRef, useState } from 'react';
import type { I18n } from '../../core/i18n/index.ts';
import type { Review } from '../../core/api/reviews.ts';
import { CHEVRON, CLOSE, Icon } from './icons.tsx';
import { Meta, reduceMotion, Stars, type T } from './parts.tsx';

/**
 * A modal photo viewer with the review under the photo: icon buttons (previous/next at the sides, close in the
 * corner), a counter, arrow keys and swipes move, Escape closes; it fades in and out (not under reduced motion) and
 * focus goes back to the thumbnail.
 */
export function Lightbox({
  r,
  photos,
  start,
  author,
  t,
  i18n,
  onClose,
}: {
  r: Review;
  photos: string[];
  start: number;
  author: string;
  t: T;
  i18n: () => I18n;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
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
    if (reduceMotion()) return ref.current?.close();
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
            <p class="count" aria-hidden="true">{`${i18n().number(i + 1)} / ${i18n().number(n)}`}</p>
          </>
        ) : null}
      </div>
      <div class="cap">
        <Stars value={r.content.rating} label={t('rev.outOf5', { avg: r.content.rating })} />
        {r.content.title ? <p class="title">{r.content.title}</p> : null}
        {r.content.body ? <p class="body">{r.content.body}</p> : null}
        <Meta r={r} author={author} t={t} i18n={i18n} />
      </div>
      <p class="visually-hidden" aria-live="polite">
        {n > 1 ? label : ''}
      </p>
    </dialog>
  );
}
