import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import { addStrings } from '../../../core/i18n/index.ts';
import { httpUrl } from '../../../core/safe-url.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { Confirm } from '../../../ui/confirm.tsx';
import { MEDIA_ROOT, VISITOR_UPLOADS, createMediaModel, type Item, type MediaModel } from './model.ts';
import { ROOT_NAMES, field, itemName, type T } from './words.ts';
import { mediaStrings } from './strings.ts';
import { mediaCss } from './styles.ts';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';

/** The next option's index for a key in the grid (`cols` a row; arrows mirrored right to left), or undefined. */
export function moveIn(key: string, at: number, n: number, cols: number, rtl: boolean): number | undefined {
  const step = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
    ArrowDown: cols,
    ArrowUp: -cols,
    Home: -at,
    End: n - 1 - at,
  }[key];
  if (step === undefined) return undefined;
  return Math.min(n - 1, Math.max(0, at + step));
}

/**
 * The media library: the library's folders (breadcrumb, open, new, rename, move, trash) and its files in a grid of
 * thumbnails or a list (remembered), search, the visitor uploads with each photo's review, and the trash (restore,
 * delete for good after a confirmation naming the count). Upload by drag and drop or a file picker, several files at
 * once with a progress bar each; import from a web address. The grid is one listbox: arrows move, Enter opens, Space
 * selects.
 */
export function MediaLibrary({ context, ids, host, show }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(mediaStrings);
  const model = useMemo(() => createMediaModel(context), []);
  const l = useStore(model.$list);
  const where = useStore(model.$where);
  const folder = useStore(model.$folder);
  const layout = useStore(model.$layout);
  const selected = useStore(model.$selected);
  const note = useStore(model.$note);
  const busy = useStore(model.$busy);
  const [at, setAt] = useState(0);
  const [openKey, setOpen] = useState<string>();
  const [ask, setAsk] = useState(false);
  const [over, setOver] = useState(false);
  const [query, setQuery] = useState('');
  const box = useRef<HTMLUListElement>(null);
  // where the selection moves: the list as it is when Move is pressed
  const to = useRef<HTMLSelectElement>(null);
  useEffect(() => void model.load(), [model]);
  // the page turned French after the section loaded (console.tsx loads its French with it otherwise): load it now
  const [, bump] = useState(0);
  const french = i.language === 'fr' && t('md.title') === mediaStrings['md.title'];
  useEffect(() => {
    // (a French chunk that cannot load leaves the section in English; the next turn to French asks again)
    if (french)
      void import('./strings.fr.ts').then(
        (m) => (addStrings('fr', m.fr), bump((n) => n + 1)),
        () => {},
      );
  }, [french]);
  // the upload, import and new-folder tools: their own chunk, loaded with the section
  const toolsPart = useLazyPart('tools', () => import('./tools/view.tsx').then((m) => m.Tools), context.i18n, {
    enabled: where.mode !== 'trash',
  });
  // a file's or folder's panel: its own chunk, loaded when one is first opened
  const panel = useLazyPart('details', () => import('./details/view.tsx').then((m) => m.Details), context.i18n, {
    enabled: !!openKey,
  });

  const items = l.items;
  const current = Math.min(at, Math.max(0, items.length - 1));
  const opened = items.find((x) => x.key === openKey);
  const trash = where.mode === 'trash';
  const inFolder = where.mode === 'folder';
  const here = inFolder ? where.id : MEDIA_ROOT;
  const visitors = inFolder && here === VISITOR_UPLOADS;
  // where a selection may move: the library, the folders above, the folders here
  const targets = [
    { id: MEDIA_ROOT, name: t('md.library') },
    ...folder.path.map((f) => ({ id: f.id, name: f.name })),
    ...(folder.folder && !ROOT_NAMES[folder.folder.id] ? [{ id: folder.folder.id, name: folder.folder.name }] : []),
    ...items.flatMap((x) => (x.folder && !selected.has(x.key) ? [{ id: x.folder.id, name: x.folder.name }] : [])),
  ];

  const focusAt = (n: number) => {
    setAt(n);
    (box.current?.children[n] as HTMLElement | undefined)?.focus();
  };
  const activate = (x: Item) => {
    if (x.folder && !trash) {
      setOpen(undefined);
      setAt(0);
      void model.open(x.folder.id);
    } else setOpen(x.key);
  };
  const onKey = (e: KeyboardEvent) => {
    const x = items[current];
    if (!x) return;
    if (e.key === 'Enter') activate(x);
    else if (e.key === ' ') model.toggle(x.key);
    else {
      const kids = [...(box.current?.children ?? [])] as HTMLElement[];
      const top = kids[0]?.offsetTop;
      const cols = layout === 'list' ? 1 : Math.max(1, kids.filter((k) => k.offsetTop === top).length);
      const next = moveIn(e.key, current, items.length, cols, getComputedStyle(host).direction === 'rtl');
      if (next === undefined) return;
      focusAt(next);
    }
    e.preventDefault();
  };
  const count = selected.size;
  const pick = (files: FileList | null | undefined) => files?.length && void model.upload([...files]);

  return (
    <div
      class={over ? 'md over' : 'md'}
      ref={(n) => adoptSheet(n, mediaCss)}
      onDragOver={(e) => {
        if (trash) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={(e) => e.currentTarget === e.target && setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!trash) pick(e.dataTransfer?.files);
      }}
    >
      <div class="head">
        <h3 id={`${ids}m`}>{t('md.title')}</h3>
        <div class="seg" role="group" aria-label={t('md.layout')}>
          {(['grid', 'list'] as const).map((v) => (
            <button key={v} type="button" class="btn" aria-pressed={layout === v} onClick={() => model.layout(v)}>
              {t(`md.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <div class="bar">
        <div class="seg" part="places">
          {(
            [
              ['md.library', () => model.open(MEDIA_ROOT), inFolder && here !== VISITOR_UPLOADS],
              ['md.visitors', () => model.open(VISITOR_UPLOADS), visitors],
              ['md.trashView', () => model.go({ mode: 'trash' }), trash],
            ] as const
          ).map(([k, go, on]) => (
            <button
              key={k}
              type="button"
              class="btn"
              aria-pressed={on}
              onClick={() => {
                setOpen(undefined);
                setAt(0);
                void go();
              }}
            >
              {t(k)}
            </button>
          ))}
        </div>
        <form
          class="row"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setOpen(undefined);
            void model.search(field(e, 'q'));
          }}
        >
          <input
            type="search"
            name="q"
            aria-label={t('md.search')}
            placeholder={t('md.search')}
            maxLength={100}
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
          />
          <button class="btn">{t('md.searchGo')}</button>
        </form>
      </div>
      {inFolder && !ROOT_NAMES[here] ? (
        <nav aria-label={t('md.path')} part="path">
          <ol class="crumbs">
            {[{ id: MEDIA_ROOT, name: t('md.library') }, ...folder.path, ...(folder.folder ? [folder.folder] : [])].map(
              (f, n, all) => (
                <li key={f.id}>
                  {n === all.length - 1 ? (
                    <bdi aria-current="page">{f.name}</bdi>
                  ) : (
                    <button type="button" class="link" onClick={() => model.open(f.id)}>
                      <bdi>{f.name}</bdi>
                    </button>
                  )}
                </li>
              ),
            )}
          </ol>
        </nav>
      ) : where.mode === 'search' ? (
        <p class="muted">{t('md.results', { query: where.query })}</p>
      ) : null}
      {trash ? null : (
        <LazyPart state={toolsPart} retryLabel={t('md.retry')} bones={1}>
          {(Tools) => <Tools model={model} i18n={i} visitors={visitors} />}
        </LazyPart>
      )}
      <p class={note?.error ? 'err' : 'ok'} role={note?.error ? 'alert' : 'status'} part="note">
        {note?.text}
      </p>
      {before({
        i18n: i,
        status: l.status === 'idle' ? 'loading' : l.status,
        error: l.error,
        retry: () => model.load(),
        empty: !items.length && t(trash ? 'md.emptyTrash' : where.mode === 'search' ? 'md.emptySearch' : 'md.empty'),
        bones: 3,
      }) ?? (
        <>
          <div class="sel" part="selection">
            <label class="check">
              <input
                type="checkbox"
                checked={count > 0 && count === items.length}
                onChange={(e) => model.selectAll(e.currentTarget.checked)}
              />
              {t('md.all')}
            </label>
            <span class="muted">
              {count ? t('md.selected', { count }) : t('md.count', { count: items.length }) + (l.next ? '+' : '')}
            </span>
            {count && trash ? (
              <>
                <button type="button" class="btn" disabled={busy} onClick={() => model.restore()}>
                  {t('md.restore')}
                </button>
                <button type="button" class="btn danger" disabled={busy} onClick={() => setAsk(true)}>
                  {t('md.forGood')}
                </button>
              </>
            ) : count ? (
              <>
                {count === 1 ? (
                  <button type="button" class="btn" onClick={() => setOpen([...selected][0])}>
                    {t('md.rename')}
                  </button>
                ) : null}
                <select aria-label={t('md.moveTo')} ref={to}>
                  {targets.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </select>
                <button type="button" class="btn" disabled={busy} onClick={() => model.move(to.current!.value)}>
                  {t('md.move')}
                </button>
                <button type="button" class="btn danger" disabled={busy} onClick={() => model.trash()}>
                  {t('md.toTrash')}
                </button>
              </>
            ) : null}
          </div>
          {ask && count ? (
            <Confirm
              id={`${ids}x`}
              focus
              question={t('md.confirm', { count })}
              confirm={t('md.forGood')}
              keep={t('md.cancel')}
              busy={busy}
              onConfirm={async () => {
                await model.destroy();
                setAsk(false);
              }}
              onKeep={() => setAsk(false)}
            />
          ) : null}
          <p class="muted" id={`${ids}k`}>
            {t('md.keys')}
          </p>
          <ul
            ref={box}
            class={layout}
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={`${ids}m`}
            aria-describedby={`${ids}k`}
            part="items"
            onKeyDown={onKey}
          >
            {items.map((x, n) => (
              <Cell
                key={x.key}
                x={x}
                t={t}
                on={selected.has(x.key)}
                stop={n === current}
                onFocus={() => setAt(n)}
                onOpen={() => activate(x)}
                onPick={() => model.toggle(x.key)}
              />
            ))}
          </ul>
          <More next={!!l.next} busy={l.more} label={t('md.more')} onMore={() => model.more()} class="btn" />
        </>
      )}
      {opened ? (
        <LazyPart state={panel} retryLabel={t('md.retry')} bones={1}>
          {(Details) => (
            <Details
              key={opened.key}
              item={opened}
              t={t}
              i18n={i}
              ids={ids}
              model={model}
              trash={trash}
              onClose={() => {
                setOpen(undefined);
                focusAt(current);
              }}
              onReview={show && opened.file?.review ? () => show('reviews', opened.file!.review!.id) : undefined}
            />
          )}
        </LazyPart>
      ) : null}
    </div>
  );
}

/** One file or folder of the grid: its thumbnail (http(s) only) or folder mark, its name, its status when not ready. */
function Cell(p: {
  x: Item;
  t: T;
  on: boolean;
  stop: boolean;
  onFocus: () => void;
  onOpen: () => void;
  onPick: () => void;
}) {
  const { x, t } = p;
  const f = x.file;
  const src = f && httpUrl(f.thumbnailUrl ?? f.url);
  return (
    <li
      role="option"
      aria-selected={p.on}
      tabIndex={p.stop ? 0 : -1}
      class={f ? 'cell' : 'cell dir'}
      part="item"
      onFocus={p.onFocus}
      onClick={(e) =>
        e.ctrlKey || e.metaKey || e.shiftKey || (e.target as Element).classList.contains('tick')
          ? p.onPick()
          : p.onOpen()
      }
    >
      <span class="tick" aria-hidden="true" />
      {src ? <img src={src} alt="" loading="lazy" /> : <span class="mark" aria-hidden="true" />}
      <bdi class="name">{itemName(x, t)}</bdi>
      {f?.status && f.status !== 'READY' ? (
        <span class={`badge ${f.status}`}>{t(`md.${f.status}` as 'md.READY')}</span>
      ) : null}
      {!f ? <span class="visually-hidden">{t('md.folder')}</span> : null}
      {f?.review ? <span class="muted tag">{t('md.review')}</span> : null}
    </li>
  );
}

export type { MediaModel };
