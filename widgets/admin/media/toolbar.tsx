import { useStore } from '@nanostores/react';
import { MEDIA_ROOT, VISITOR_UPLOADS, type MediaModel } from './model.ts';
import { ROOT_NAMES, field, type T } from './words.ts';

/**
 * The section's head (its title, grid or list) and bar (the library, the visitor uploads, the trash; search), then
 * where it is: the folder's path (each folder a link but the last) or the search's words.
 */
export function Toolbar({ model, t, ids, close }: { model: MediaModel; t: T; ids: string; close: () => void }) {
  const where = useStore(model.$where);
  const folder = useStore(model.$folder);
  const layout = useStore(model.$layout);
  const trash = where.mode === 'trash';
  const inFolder = where.mode === 'folder';
  const here = inFolder ? where.id : MEDIA_ROOT;
  return (
    <>
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
              ['md.visitors', () => model.open(VISITOR_UPLOADS), inFolder && here === VISITOR_UPLOADS],
              ['md.trashView', () => model.go({ mode: 'trash' }), trash],
            ] as const
          ).map(([k, go, on]) => (
            <button
              key={k}
              type="button"
              class="btn"
              aria-pressed={on}
              onClick={() => {
                close();
                model.$at.set(0);
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
            close();
            void model.search(field(e, 'q'));
          }}
        >
          <input type="search" name="q" aria-label={t('md.search')} placeholder={t('md.search')} maxLength={100} />
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
        <p class="muted">
          <bdi>{t('md.results', { query: where.query })}</bdi>
        </p>
      ) : null}
    </>
  );
}
