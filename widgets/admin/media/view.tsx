import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import { addStrings } from '../../../core/i18n/index.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { MEDIA_ROOT, VISITOR_UPLOADS, createMediaModel, type MediaModel } from './model.ts';
import type { Item } from './items.ts';
import { ROOT_NAMES, type T } from './words.ts';
import { mediaStrings } from './strings.ts';
import { mediaCss } from './styles.ts';
import { LazyPart, useLazyPart } from '../../../ui/lazy-part.tsx';
import { Toolbar } from './toolbar.tsx';
import { Grid } from './grid.tsx';
import { Trash } from './trash.tsx';

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
  const note = useStore(model.$note);
  const at = useStore(model.$at);
  const folder = useStore(model.$folder);
  const selected = useStore(model.$selected);
  const busy = useStore(model.$busy);
  const [openKey, setOpen] = useState<string>();
  const [over, setOver] = useState(false);
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
  const trash = where.mode === 'trash';
  // the upload, import and new-folder tools: their own chunk, loaded with the section
  const toolsPart = useLazyPart('tools', () => import('./tools/view.tsx').then((m) => m.Tools), context.i18n, {
    enabled: !trash,
  });
  // a file's or folder's panel: its own chunk, loaded when one is first opened
  const panel = useLazyPart('details', () => import('./details/view.tsx').then((m) => m.Details), context.i18n, {
    enabled: !!openKey,
  });

  const items = l.items;
  const current = Math.min(at, Math.max(0, items.length - 1));
  const opened = items.find((x) => x.key === openKey);
  // where a selection may move: the library, the folders above, the folders here
  const targets = [
    { id: MEDIA_ROOT, name: t('md.library') },
    ...folder.path.map((f) => ({ id: f.id, name: f.name })),
    ...(folder.folder && !ROOT_NAMES[folder.folder.id] ? [{ id: folder.folder.id, name: folder.folder.name }] : []),
    ...items.flatMap((x) => (x.folder && !selected.has(x.key) ? [{ id: x.folder.id, name: x.folder.name }] : [])),
  ];
  const count = selected.size;
  const close = () => setOpen(undefined);
  const activate = (x: Item) => {
    if (x.folder && !trash) {
      close();
      model.$at.set(0);
      void model.open(x.folder.id);
    } else setOpen(x.key);
  };
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
      <Toolbar model={model} t={t} ids={ids} close={close} />
      {trash ? null : (
        <LazyPart state={toolsPart} retryLabel={t('action.retry')} bones={1}>
          {(Tools) => (
            <Tools model={model} i18n={i} visitors={where.mode === 'folder' && where.id === VISITOR_UPLOADS} />
          )}
        </LazyPart>
      )}
      <p class={note?.error ? 'err' : 'ok'} role={note?.error ? 'alert' : 'status'} part="note">
        <bdi>{note?.text}</bdi>
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
                indeterminate={count > 0 && count < items.length}
                onChange={(e) => model.selectAll(e.currentTarget.checked)}
              />
              {t('md.all')}
            </label>
            {/* a sentence with a count: isolated, it keeps its order right to left */}
            <bdi class="muted">
              {count ? t('md.selected', { count }) : t('md.count', { count: items.length }) + (l.next ? '+' : '')}
            </bdi>
            {count && trash ? (
              <Trash model={model} t={t} ids={ids} count={count} />
            ) : count ? (
              <>
                {count === 1 ? (
                  <button type="button" class="btn" onClick={() => setOpen([...selected][0])}>
                    {t('md.rename')}
                  </button>
                ) : null}
                <select aria-label={t('md.moveTo')} ref={to}>
                  {targets.map((f) => (
                    <option key={f.id} value={f.id} dir="auto">
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
          <p class="muted" id={`${ids}k`}>
            {t('md.keys')}
          </p>
          <Grid model={model} t={t} ids={ids} host={host} box={box} activate={activate} />
          <More next={!!l.next} busy={l.more} label={t('md.more')} onMore={() => model.more()} class="btn" />
        </>
      )}
      {opened ? (
        <LazyPart state={panel} retryLabel={t('action.retry')} bones={1}>
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
                close();
                model.$at.set(current);
                (box.current?.children[current] as HTMLElement | undefined)?.focus();
              }}
              onReview={show && opened.file?.review ? () => show('reviews', opened.file!.review!.id) : undefined}
            />
          )}
        </LazyPart>
      ) : null}
    </div>
  );
}

export type { MediaModel };
