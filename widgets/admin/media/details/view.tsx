import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { httpUrl } from '../../../../core/safe-url.ts';
import { adoptSheet } from '../../../../core/element.ts';
import type { I18n, Translator } from '../../../../core/i18n/index.ts';
import type { MediaModel } from '../model.ts';
import type { Item } from '../items.ts';
import { iso } from '../bidi.ts';
import { field, itemName, type T } from '../words.ts';
import { detailStrings } from './strings.ts';
import { detailActions } from './actions.ts';
import { detailCss } from './styles.ts';

/**
 * One file's or folder's panel: rename; a file's labels, its download link (copied, or shown to copy by hand when the
 * browser does not let the page copy) and, for a visitor's photo, its review with a way to open it for moderation.
 * What was typed stays when saving fails.
 */
export function Details(p: {
  item: Item;
  /** The section's words (names, statuses); the panel's own come with its chunk. */
  t: T;
  i18n: I18n;
  ids: string;
  model: MediaModel;
  trash: boolean;
  onClose: () => void;
  onReview?: () => void;
}) {
  const { item, model } = p;
  const tm = p.t;
  const t: Translator<keyof typeof detailStrings> = p.i18n.strings(detailStrings);
  const f = item.file;
  const does = detailActions(model);
  const busy = useStore(model.$busy);
  const names = useStore(model.$names);
  const [name, setName] = useState(itemName(item, tm));
  const [labels, setLabels] = useState((f?.labels ?? []).join(', '));
  const [link, setLink] = useState<string>();
  const head = useRef<HTMLHeadingElement>(null);
  useEffect(() => head.current?.focus(), []);
  const r = f?.review;
  const src = f && httpUrl(f.url);
  const id = `${p.ids}d`;

  return (
    <section
      class="card details"
      aria-labelledby={id}
      part="details"
      ref={(n) => adoptSheet(n, detailCss)}
      onKeyDown={(e) => e.key === 'Escape' && p.onClose()}
    >
      <div class="head">
        <h4 id={id} tabIndex={-1} ref={head}>
          {t('md.details', { name: iso(itemName(item, tm)) })}
        </h4>
        <button type="button" class="btn" onClick={p.onClose}>
          {t('md.close')}
        </button>
      </div>
      {src ? <img class="big" src={src} alt="" /> : null}
      {f ? (
        <p class="muted meta">
          {f.status ? <span>{tm(`md.${f.status}` as 'md.READY')}</span> : null}
          {f.width && f.height ? <span dir="ltr">{`${f.width} × ${f.height}`}</span> : null}
          {f.sizeInBytes ? (
            <bdi>{t('md.size', { size: Math.max(1, Math.round(Number(f.sizeInBytes) / 1024)) })}</bdi>
          ) : null}
        </p>
      ) : null}
      {p.trash ? null : (
        <>
          <form
            class="row"
            onSubmit={(e) => {
              e.preventDefault();
              const v = field(e, 'name');
              if (v) void does.rename(item, v);
            }}
          >
            <label class="field">
              {t('md.name')}
              <input
                name="name"
                dir="auto"
                required
                maxLength={200}
                value={name}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </label>
            <button class="btn" disabled={busy}>
              {tm('md.rename')}
            </button>
          </form>
          {f ? (
            <form
              class="row"
              onSubmit={(e) => {
                e.preventDefault();
                const list = [
                  ...new Set(
                    field(e, 'labels')
                      .split(',')
                      .map((x) => x.trim())
                      .filter(Boolean),
                  ),
                ];
                void does.labels(f, list.slice(0, 20));
              }}
            >
              <label class="field">
                {t('md.labels')}
                <input
                  name="labels"
                  dir="auto"
                  maxLength={2000}
                  value={labels}
                  onInput={(e) => setLabels(e.currentTarget.value)}
                />
              </label>
              <button class="btn" disabled={busy}>
                {t('md.saveLabels')}
              </button>
            </form>
          ) : null}
          {f ? (
            <div class="row">
              <button
                type="button"
                class="btn"
                disabled={busy}
                onClick={async () => {
                  const out = await does.link(f);
                  setLink(out.url && !out.copied ? out.url : undefined);
                }}
              >
                {t('md.link')}
              </button>
            </div>
          ) : null}
          {link ? (
            <label class="field" part="link">
              {t('md.copyHere')}
              <input readOnly dir="ltr" value={link} onFocus={(e) => e.currentTarget.select()} />
            </label>
          ) : null}
        </>
      )}
      {f?.folderId === 'visitor-uploads' || r ? (
        <div class="review" part="review">
          {r ? (
            <>
              <h5>{tm('md.review')}</h5>
              <p class="meta">
                <span>
                  {t('md.rProduct')} <bdi class="strong">{names[r.entityId] ?? t('md.someProduct')}</bdi>
                </span>
                <span>
                  {t('md.rAuthor')} <bdi class="strong">{r.author ?? t('md.anonymous')}</bdi>
                </span>
                {r.rating ? <bdi>{t('md.rStars', { stars: r.rating })}</bdi> : null}
                {r.status && ['APPROVED', 'IN_MODERATION', 'REJECTED'].includes(r.status) ? (
                  <span class={`badge ${r.status}`}>{tm(`md.st.${r.status}` as 'md.st.APPROVED')}</span>
                ) : null}
              </p>
              <div class="row">
                {(['APPROVED', 'REJECTED'] as const).map((s) =>
                  r.status === s ? null : (
                    <button key={s} type="button" class="btn" disabled={busy} onClick={() => does.review(f!, s)}>
                      {t(s === 'APPROVED' ? 'md.approve' : 'md.reject')}
                    </button>
                  ),
                )}
                {p.onReview && r.status === 'IN_MODERATION' ? (
                  <button type="button" class="btn primary" onClick={p.onReview}>
                    {t('md.moderate')}
                  </button>
                ) : null}
              </div>
            </>
          ) : (
            <p class="muted">{t('md.noReview')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
