import type { Ref } from 'preact';
import { useStore } from '@nanostores/react';
import { httpUrl } from '../../../core/safe-url.ts';
import { moveIn, type MediaModel } from './model.ts';
import type { Item } from './items.ts';
import { itemName, type T } from './words.ts';

/**
 * The files and folders shown, as one listbox (thumbnails or a list): arrows move (mirrored right to left), Home and
 * End go to the ends, Enter opens, Space selects; one option takes Tab (`$at`, the model's roving focus).
 */
export function Grid(p: {
  model: MediaModel;
  t: T;
  ids: string;
  host: HTMLElement;
  box: Ref<HTMLUListElement>;
  activate: (x: Item) => void;
}) {
  const { model, t, ids } = p;
  const items = useStore(model.$list).items;
  const layout = useStore(model.$layout);
  const selected = useStore(model.$selected);
  const current = Math.min(useStore(model.$at), Math.max(0, items.length - 1));
  const box = p.box as { current: HTMLUListElement | null };
  const onKey = (e: KeyboardEvent) => {
    const x = items[current];
    if (!x) return;
    if (e.key === 'Enter') p.activate(x);
    else if (e.key === ' ') model.toggle(x.key);
    else {
      const kids = [...(box.current?.children ?? [])] as HTMLElement[];
      const top = kids[0]?.offsetTop;
      const cols = layout === 'list' ? 1 : Math.max(1, kids.filter((k) => k.offsetTop === top).length);
      const next = moveIn(e.key, current, items.length, cols, getComputedStyle(p.host).direction === 'rtl');
      if (next === undefined) return;
      model.$at.set(next);
      kids[next]?.focus();
    }
    e.preventDefault();
  };
  return (
    <ul
      ref={p.box}
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
          onFocus={() => model.$at.set(n)}
          onOpen={() => p.activate(x)}
          onPick={() => model.toggle(x.key)}
        />
      ))}
    </ul>
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
