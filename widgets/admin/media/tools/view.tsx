import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../../../core/i18n/index.ts';
import type { MediaModel } from '../model.ts';
import { iso } from '../bidi.ts';
import { field } from '../words.ts';
import { toolStrings } from './strings.ts';
import { toolsCss } from './styles.ts';
import { adoptSheet } from '../../../../core/element.ts';

/**
 * The media section's tools: upload (a file picker for several images; the section takes dropped files too), import
 * from a web address, a new folder; and each upload's progress bar (role=progressbar, named after its file) or its
 * refusal in words. What was typed stays when the companion refuses it.
 */
export function Tools({ model, i18n, visitors }: { model: MediaModel; i18n: I18n; visitors: boolean }) {
  const t = i18n.strings(toolStrings);
  const busy = useStore(model.$busy);
  const uploads = useStore(model.$uploads);
  const [url, setUrl] = useState('');
  const [folderName, setFolderName] = useState('');
  return (
    <>
      <div class="tools" part="tools" ref={(n) => adoptSheet(n, toolsCss)}>
        <label class="btn primary">
          {t('md.upload')}
          <input
            class="visually-hidden"
            type="file"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => {
              void model.upload([...(e.currentTarget.files ?? [])]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <p class="muted drop">{t('md.drop')}</p>
        <form
          class="row"
          onSubmit={async (e) => {
            e.preventDefault();
            // what the field holds now (a render may not have caught up with the last keystroke)
            if (await model.importUrl(field(e, 'url'))) setUrl('');
          }}
        >
          <input
            type="url"
            name="url"
            aria-label={t('md.importUrl')}
            placeholder={t('md.importUrl')}
            required
            maxLength={2000}
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
          <button class="btn" disabled={busy}>
            {t('md.importGo')}
          </button>
        </form>
        {visitors ? null : (
          <form
            class="row"
            onSubmit={async (e) => {
              e.preventDefault();
              const name = field(e, 'name');
              if (name && (await model.createFolder(name))) setFolderName('');
            }}
          >
            <input
              name="name"
              aria-label={t('md.folderName')}
              placeholder={t('md.newFolder')}
              required
              maxLength={200}
              value={folderName}
              onInput={(e) => setFolderName(e.currentTarget.value)}
            />
            <button class="btn" disabled={busy}>
              {t('md.create')}
            </button>
          </form>
        )}
      </div>
      {uploads.length ? (
        <ul class="ups" part="uploads">
          {uploads.map((u) => (
            <li key={u.key}>
              {u.status === 'error' ? (
                <p class="err" role="alert">
                  <bdi>{u.error}</bdi>
                </p>
              ) : (
                <>
                  <bdi class="name">{u.name}</bdi>
                  <progress
                    role="progressbar"
                    aria-label={t(u.status === 'done' ? 'md.uploaded' : 'md.uploading', { name: iso(u.name) })}
                    max={100}
                    value={Math.round(u.progress * 100)}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
