import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { I18n } from '../../core/i18n/index.ts';
import type { Review } from '../../core/api/reviews.ts';
import { checkDraft, drafts, photoProblem, PHOTO_MAX, submitFailure } from './form-model.ts';
import { formStrings } from './form-strings.ts';
import type { Draft } from './model.ts';
import { adoptFormCss } from './form-styles.ts';

interface Photo {
  file: File;
  key: number;
}
let photoKeys = 0;

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
        if (live) ref.current?.getContext('2d')?.drawImage(b, (b.width - s) / 2, (b.height - s) / 2, s, s, 0, 0, 192, 192);
        b.close();
      },
      () => undefined, // undecodable: an empty tile; the platform checks the upload itself
    );
    return () => void (live = false);
  }, [file]);
  return <canvas ref={ref} width={192} height={192} />;
}

export interface FormProps {
  /** The page's translations. */
  i18n: () => I18n;
  ns: string;
  id: string;
  /** No member contact: ask for name and email. */
  needContact: boolean;
  submit: (d: Draft, photos: File[]) => Promise<Review>;
  onCancel: () => void;
  onDone: (r: Review) => void;
}

/**
 * The review form (its own chunk, loaded on "Write a review"): a real radio group for the rating, title, body, up to
 * 5 photos (a drop zone over a visually hidden file input; type and size checked, previewed), name + email for
 * visitors. A field's error goes as soon as the field is right. The text is kept in sessionStorage per item until
 * sent, and stays in the form after a failure.
 */
export function ReviewForm({ i18n, ns, id, needContact, submit: send, onCancel, onDone }: FormProps) {
  const t = i18n().strings(formStrings) as (k: string, p?: Record<string, string | number>) => string;
  const [d, setD] = useState<Draft>(() => drafts.get(ns, id));
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const [photoMsg, setPhotoMsg] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => adoptFormCss(form.current), []);

  // Functional updates: autofill may fire several inputs before the next render.
  const now = useRef(d); // the latest values, also before the next render (submit reads these)
  const set = (k: keyof Draft, v: string | number) => {
    now.current = { ...now.current, [k]: v };
    setD(now.current);
    // a shown error goes once the field is right (a new one only comes with the next submit)
    if (errors[k] && !checkDraft(now.current, needContact)[k]) setErrors(({ [k]: _, ...rest }) => rest);
  };
  useEffect(() => drafts.set(ns, id, Object.values(d).some(Boolean) ? d : undefined), [d]);
  const field = (k: 'title' | 'body' | 'name' | 'email', type: string, max: number, auto?: string) => {
    const Tag = k === 'body' ? 'textarea' : 'input';
    return (
      <div class="field">
        <label for={ids + k}>{t(`f.${k}`)}</label>
        <Tag
          id={ids + k}
          name={k}
          part="input"
          type={k === 'body' ? undefined : type}
          rows={k === 'body' ? 5 : undefined}
          maxLength={max}
          autoComplete={auto}
          value={d[k]}
          aria-invalid={errors[k] ? 'true' : undefined}
          aria-describedby={errors[k] ? ids + k + 'e' : undefined}
          onInput={(e: Event) => set(k, (e.target as HTMLInputElement).value)}
        />
        {errors[k] ? <p id={ids + k + 'e'} class="err">{errors[k]}</p> : null}
      </div>
    );
  };

  function addPhotos(files: FileList | null) {
    const next = [...photos];
    const problems: string[] = [];
    for (const f of Array.from(files ?? [])) {
      const p = photoProblem(f);
      if (p) problems.push(t(p, { name: f.name }));
      else if (next.length >= PHOTO_MAX) problems.push(t('f.photoMax'));
      else next.push({ file: f, key: ++photoKeys });
    }
    setPhotos(next);
    setPhotoMsg(problems.length ? [...new Set(problems)].join(' ') : undefined);
  }
  function removePhoto(i: number) {
    setPhotos(photos.filter((_, k) => k !== i));
    setPhotoMsg(undefined);
  }
  const full = photos.length >= PHOTO_MAX;
  const drag = (e: DragEvent) => {
    e.preventDefault();
    setOver(!full);
  };

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const d = now.current;
    const bad = checkDraft(d, needContact);
    const msgs = Object.fromEntries(Object.entries(bad).map(([k, v]) => [k, t(v)]));
    setErrors(msgs);
    setGeneral(undefined);
    if (Object.keys(msgs).length) {
      form.current?.querySelector<HTMLElement>('[aria-invalid=true], .stars-input input')?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await send(d, photos.map((p) => p.file));
      drafts.set(ns, id, undefined);
      onDone(r);
    } catch (err) {
      const f = submitFailure(err);
      if ((err as { reviewMayBeSaved?: boolean }).reviewMayBeSaved) setGeneral(t('f.unsure'));
      else if (f.kind === 'duplicate') setGeneral(t('f.duplicate'));
      else if (f.kind === 'fields') setErrors(f.fields);
      else setGeneral(i18n().error(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} class="form" part="form" onSubmit={submit} noValidate aria-labelledby={`${ids}t`}>
      <h3 id={`${ids}t`}>{t('f.formTitle')}</h3>
      <fieldset class="stars-input" aria-describedby={errors.rating ? `${ids}re` : undefined}>
        <legend>{t('f.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} class={n <= d.rating ? 'on' : ''}>
            <input type="radio" name="rating" value={n} checked={d.rating === n} required onChange={() => set('rating', n)} />
            <span aria-hidden="true">★</span>
            <span class="visually-hidden">{t('f.starN', { count: n })}</span>
          </label>
        ))}
        {errors.rating ? <p id={`${ids}re`} class="err">{errors.rating}</p> : null}
      </fieldset>
      {field('title', 'text', 100)}
      {field('body', 'text', 3000)}
      <div class="field">
        <div
          class={over ? 'drop over' : 'drop'}
          onDragEnter={drag}
          onDragOver={drag}
          onDragLeave={(e) => (e.currentTarget as Node).contains(e.relatedTarget as Node) || setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            if (!full) addPhotos(e.dataTransfer?.files ?? null);
          }}
        >
          <input id={`${ids}p`} class="file visually-hidden" type="file" part="photos" accept="image/png,image/jpeg,image/gif,image/webp" multiple
            disabled={full} aria-describedby={`${ids}ph`} onChange={(e) => {
              const input = e.target as HTMLInputElement;
              addPhotos(input.files);
              input.value = '';
            }} />
          <label for={`${ids}p`} class="dz" part="dropzone">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2">
              <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6" />
            </svg>
            <span class="dzt">{t(full ? 'f.photoMax' : 'f.addPhotos')}</span>
            {full ? null : <span>{t('f.drop')}</span>}
          </label>
        </div>
        <p id={`${ids}ph`} class="hint">{t('f.photos')} {photos.length ? t('f.photoCount', { n: photos.length, max: PHOTO_MAX }) : ''}</p>
        {photoMsg ? <p class="err" role="alert">{photoMsg}</p> : null}
        {photos.length ? (
          <ul class="photos">
            {photos.map((p, i) => (
              <li key={p.key} class="preview">
                <Thumb file={p.file} />
                <button type="button" class="x" aria-label={t('f.remove', { n: i + 1 })} onClick={() => removePhoto(i)}>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" stroke="currentColor" stroke-width="2.5"><path d="M6 6l12 12M18 6L6 18" /></svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {needContact ? field('name', 'text', 50, 'name') : null}
      {needContact ? field('email', 'email', 254, 'email') : null}
      {general ? <p class="err" role="alert">{general}</p> : null}
      <div class="row">
        <button type="submit" part="submit" class="primary" disabled={busy} aria-busy={busy}>{t(busy ? 'f.sending' : 'f.submit')}</button>
        <button type="button" class="link" disabled={busy} onClick={onCancel}>{t('f.cancel')}</button>
      </div>
    </form>
  );
}
