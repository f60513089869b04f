import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { messageOf, type InlayApiError } from '../../core/errors.ts';
import { createRecommendationsModel, imageOf, priceText, productHref, type RecommendationsProps } from './model.ts';
import { strings } from './strings.ts';

export type { RecommendationsProps };

/**
 * The first cards' images (as many as a wide carousel shows: styles.ts `.track`, four columns) load as the cards are
 * made; the others once they come near (`loading="lazy"`). A lazy image is asked for only after the page's next
 * layout, and on the bench's phone, busy as the page starts, that was up to 130 ms after the cards' products answered.
 */
const EAGER_IMAGES = 4;

/** Points the reading way (the stylesheet turns "previous" around, and both in a right-to-left page). */
const Chevron = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="m9 5 7 7-7 7"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>
);

/**
 * `<inlay-recommendations>`: an accessible carousel (a labelled region of "n of m" slides; scroll snap and swipe,
 * previous/next buttons that disable at the ends and are not shown when every card fits, arrow keys between items).
 * The page's own heading, as a child with `slot="heading"`, sits in the carousel's top row with the arrows. Hides
 * itself (and that heading) when there is nothing to recommend, and when its read fails twice (a quiet retry first):
 * the page hears of that failure through `inlay-error` (code `RECOMMENDATIONS_FAILED`, with the request id).
 */
export function RecommendationsView(props: RecommendationsProps & WidgetProps) {
  const { host, context } = props;
  const t = context.i18n().strings(strings);
  const [model] = useState(() => createRecommendationsModel(context, props));
  const state = useStore(model.$state);
  const [ends, setEnds] = useState({ start: true, end: false });
  const track = useRef<HTMLDivElement>(null);

  // the read starts as the element first renders, not a frame later (a first paint on a slow phone: 100-300 ms)
  useLayoutEffect(model.load, model.update(props));

  const empty = state.status === 'ready' && !state.items.length;
  // A failed read is tried once more, quietly (the cards' skeleton stays); failing again, the carousel hides itself,
  // as an empty one does (no error box for a shopper), and tells the page (`inlay-error`, with the request id).
  const retried = useRef(false);
  const gaveUp = state.status === 'error' && retried.current;
  useEffect(() => {
    host.hidden = empty || gaveUp;
    if (state.status === 'error') {
      if (gaveUp)
        props.emit('inlay-error', {
          code: 'RECOMMENDATIONS_FAILED',
          message: messageOf(state.error),
          requestId: (state.error as InlayApiError).requestId,
        });
      else {
        retried.current = true;
        model.load();
      }
    } else if (state.status === 'ready') {
      retried.current = false;
      if (!empty) {
        void import('../rating/element.ts');
        void import('../add-to-cart/element.ts');
      }
    }
  }, [host, empty, state]);

  const measure = () => {
    const el = track.current;
    // |scrollLeft|: it runs from 0 down to negative values in a right-to-left track
    if (el)
      setEnds({
        start: Math.abs(el.scrollLeft) <= 1,
        end: Math.abs(el.scrollLeft) + el.clientWidth >= el.scrollWidth - 1,
      });
  };
  useEffect(measure, [state]);
  // a wider or narrower container can make everything fit (no arrows) or not
  useEffect(() => {
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => measure());
    ro.observe(el);
    return () => ro.disconnect();
  }, [state.status]);

  // the page's own heading (`<h2 slot="heading">`) sits in the carousel's top row, the arrows at its end
  const heading = <slot name="heading" />;
  if (empty || gaveUp) return <div part="root" />;
  // a read that failed once shows the cards' skeleton while it is tried again
  const loading = state.status !== 'ready';

  // next/previous follow the reading direction: in a right-to-left page "next" is leftwards
  const fwd = () => (track.current && getComputedStyle(track.current).direction === 'rtl' ? -1 : 1);
  const page = (dir: 1 | -1) =>
    track.current?.scrollBy({ left: fwd() * dir * track.current.clientWidth * 0.9, behavior: 'smooth' });
  const onKey = (e: KeyboardEvent) => {
    const links = [...(track.current?.querySelectorAll<HTMLElement>('a.card-link') ?? [])];
    const i = links.indexOf((e.target as HTMLElement).closest('a') as HTMLElement);
    const step = e.key === 'ArrowRight' ? fwd() : e.key === 'ArrowLeft' ? -fwd() : 0;
    const next = step ? i + step : e.key === 'Home' ? 0 : e.key === 'End' ? links.length - 1 : -2;
    if (i < 0 || next === -2) return;
    e.preventDefault();
    links[Math.max(0, Math.min(links.length - 1, next))]?.focus();
  };

  return (
    <section part="root" aria-roledescription="carousel" aria-label={t('recs.label')} aria-busy={loading}>
      <div class="head">
        {heading}
        {/* no arrows when every card fits */}
        <div class="nav" hidden={ends.start && ends.end}>
          <button type="button" part="prev" aria-label={t('recs.prev')} disabled={ends.start} onClick={() => page(-1)}>
            <Chevron />
          </button>
          <button type="button" part="next" aria-label={t('recs.next')} disabled={ends.end} onClick={() => page(1)}>
            <Chevron />
          </button>
        </div>
      </div>
      <div ref={track} part="track" class="track" onScroll={measure} onKeyDown={onKey}>
        {loading
          ? [0, 1, 2, 3].map((i) => <div key={i} class="card skeleton" aria-hidden="true" />)
          : state.items.map((p, i, items) => {
              const img = imageOf(p);
              const href = productHref(p);
              const price = priceText(p, context.i18n());
              return (
                <div
                  key={p.id}
                  class="card"
                  part="item"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('recs.slide', { n: i + 1, total: items.length })}
                >
                  <a class="card-link" part="link" href={href}>
                    <span class="media">
                      {img ? (
                        <img
                          src={img.url}
                          width={img.width}
                          height={img.height}
                          alt=""
                          loading={i < EAGER_IMAGES ? 'eager' : 'lazy'}
                          decoding="async"
                        />
                      ) : null}
                    </span>
                    <span class="name" dir="auto" title={p.name}>
                      {p.name}
                    </span>
                  </a>
                  <inlay-rating product-id={p.id} />
                  <p class="price" part="price">
                    <bdi>{price.now}</bdi>
                    {price.was ? (
                      <s>
                        <span class="visually-hidden">{t('recs.was', { price: price.was })}</span>
                        <bdi aria-hidden="true">{price.was}</bdi>
                      </s>
                    ) : null}
                  </p>
                  {p.productOptions?.length && href ? (
                    // a product with options is chosen on its own page (a V3 query lists no variants: docs/wire.md)
                    <a class="choose" part="choose" href={href} aria-label={t('recs.optionsFor', { name: p.name })}>
                      {t('recs.options')}
                    </a>
                  ) : (
                    <inlay-add-to-cart product-id={p.id} />
                  )}
                </div>
              );
            })}
      </div>
    </section>
  );
}
