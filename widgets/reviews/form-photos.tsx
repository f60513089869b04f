import { useEffect, useRef, useState } from 'react';
import { PHOTO_MAX } from './form-rules.ts';
import type { PartProps } from './form-fields.tsx';

/**
 * A chosen photo's preview, drawn into a canvas (centre square, like object-fit: cover): no blob: or data: URL, so a
 * strict `img-src` that allows only the platform keeps working.
 */
function Thumb({ file }: { file: File }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    createImageBitmap(file).then(
      (b) => {
        const s = Math.min(b.width, b.height);
        if (live)
          ref.current?.getContext('2d')?.drawImage(b, (b.width - s) / 2, (b.height - s) / 2, s, s, 0, 0, 192, 192);
        b.close();
      },
      () => undefined, // undecodable: an empty tile; the platform checks the upload itself
    );
    return () => void (live = false);
  }, [file]);
  return <canvas ref={ref} width={192} height={192} />;
}

/**
 * The photos, where the site runs a companion: a drop zone over a visually hidden file input (up to 5), the chosen
 * ones previewed with a remove button, why any was refused or failed. Whether a drag is over the zone is this view's
 * own look; the photos are the model's.
 */
export function Photos({ t, model, ui: { photos, busy, photoMsg }, ids }: PartProps) {
  const [over, setOver] = useState(false);
  const full = photos.length >= PHOTO_MAX;
  const drag = (e: DragEvent) => {
    e.preventDefault();
    setOver(!full);
  };
  return (
    <div class="field">
      <div
        class={over ? 'drop over' : 'drop'}
        onDragEnter={drag}
        onDragOver={drag}
        onDragLeave={(e) => (e.currentTarget as Node).contains(e.relatedTarget as Node) || setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!full) model.addPhotos(e.dataTransfer?.files);
        }}
      >
        <input
          id={`${ids}p`}
          class="file visually-hidden"
          type="file"
          part="photos"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          disabled={full || busy}
          aria-describedby={`${ids}ph`}
          onChange={(e) => {
            const input = e.target as HTMLInputElement;
            model.addPhotos(input.files);
            input.value = '';
          }}
        />
        <label for={`${ids}p`} class="dz" part="dropzone">
          {/* icons.tsx's CAMERA drawn here: importing it would make the form's chunk import the reviews' (the size
              test refuses an on-demand chunk that imports its widget's), and cost the classic page 55 B */}
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
          >
            <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6" />
          </svg>
          <span class="dzt">{t(full ? 'f.photoMax' : 'f.addPhotos')}</span>
          {full ? null : <span>{t('f.drop')}</span>}
        </label>
      </div>
      <p id={`${ids}ph`} class="hint">
        {t('f.photos')} {photos.length ? <bdi>{t('f.photoCount', { n: photos.length, max: PHOTO_MAX })}</bdi> : ''}
      </p>
      {photoMsg ? (
        <p class="err" role="alert">
          {photoMsg}
        </p>
      ) : null}
      {photos.length ? (
        <ul class="photos">
          {photos.map((p, i) => (
            <li key={p.key} class={p.error ? 'preview bad' : 'preview'}>
              <Thumb file={p.file} />
              <button
                type="button"
                class="x"
                disabled={busy}
                aria-label={t('f.remove', { n: i + 1 })}
                onClick={() => model.removePhoto(i)}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  aria-hidden="true"
                  stroke="currentColor"
                  stroke-width="2.5"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.map((p) =>
        p.error ? (
          <p key={p.key} class="err">
            {p.error}
          </p>
        ) : null,
      )}
    </div>
  );
}
