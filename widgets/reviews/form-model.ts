import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import { storageKey } from '../../core/storage.ts';
import { formStrings } from './form-strings.ts';
import type { Translator } from '../../core/i18n/index.ts';
import type { Draft } from './submit.ts';

/** Photos the form accepts (the emulator sniffs the bytes and accepts the same four). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX = 5;

export const emptyDraft: Draft = { rating: 0, title: '', body: '', name: '', email: '' };

const draftKey = (ns: string, id: string) => storageKey('reviews.draft', `${ns}:${id}`);
/** The form's text survives a reload in this tab (sessionStorage, per item); photos do not. */
export const drafts = {
  get(ns: string, id: string): Draft {
    try {
      return { ...emptyDraft, ...(JSON.parse(sessionStorage.getItem(draftKey(ns, id)) ?? '{}') as Partial<Draft>) };
    } catch {
      return emptyDraft;
    }
  },
  set(ns: string, id: string, d: Draft | undefined) {
    try {
      if (d) sessionStorage.setItem(draftKey(ns, id), JSON.stringify(d));
      else sessionStorage.removeItem(draftKey(ns, id));
    } catch {
      /* storage blocked: the draft lives in the form only */
    }
  },
};

/** Form checks before sending. Keys are field names; values message keys. */
export function checkDraft(
  d: Draft,
  needContact: boolean,
): Partial<Record<keyof Draft, 'f.errRating' | 'f.errRequired' | 'f.errEmail'>> {
  const e: ReturnType<typeof checkDraft> = {};
  if (!(d.rating >= 1 && d.rating <= 5)) e.rating = 'f.errRating';
  if (!d.body.trim()) e.body = 'f.errRequired';
  if (needContact && !d.name.trim()) e.name = 'f.errRequired';
  if (needContact && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) e.email = 'f.errEmail';
  return e;
}

/** Why a photo is refused, or undefined when it is fine. */
export const photoProblem = (f: File): 'f.photoType' | 'f.photoSize' | undefined =>
  !PHOTO_TYPES.includes(f.type) ? 'f.photoType' : f.size > PHOTO_MAX_BYTES ? 'f.photoSize' : undefined;

/** A chosen photo (`key`: stable across removals, for the previews). */
export interface Photo {
  file: File;
  key: number;
}

export interface FormUi {
  draft: Draft;
  photos: Photo[];
  /** Per field, the message shown under it. */
  errors: Record<string, string>;
  /** The message under the form (a failed send). */
  general?: string;
  /** Why photos were refused. */
  photoMsg?: string;
  busy: boolean;
}

export interface ReviewFormModelProps {
  ns: string;
  id: string;
  /** No member contact: ask for name and email. */
  needContact: boolean;
  /** Sends the review (the widget's model: it shows the sent review in the form's place). */
  submit: (d: Draft, photos: File[]) => Promise<void>;
}

/**
 * The review form's flows: the text kept in sessionStorage per item until sent (and after a failure), field checks
 * (a shown error goes as soon as the field is right; a new one only comes with the next send), photos (type, size,
 * at most 5), one send at a time and what a failed send means for the person.
 */
export function createReviewFormModel(
  { i18n }: Pick<InlayContext, 'i18n'>,
  { ns, id, needContact, submit: send }: ReviewFormModelProps,
) {
  // looked up per message: the page's language may change while the form is open
  const t: Translator<keyof typeof formStrings> = (key, params) => i18n().strings(formStrings)(key, params);
  const $form = atom<FormUi>({ draft: drafts.get(ns, id), photos: [], errors: {}, busy: false });
  const set = (p: Partial<FormUi>) => $form.set({ ...$form.get(), ...p });
  let keys = 0;
  return {
    $form,
    /** A field's new value (autofill may fire several inputs before the next render: each builds on the last). */
    set(k: keyof Draft, v: string | number) {
      const { draft, errors } = $form.get();
      const d = { ...draft, [k]: v };
      drafts.set(ns, id, Object.values(d).some(Boolean) ? d : undefined);
      const { [k]: _, ...rest } = errors;
      set({ draft: d, errors: errors[k] && !checkDraft(d, needContact)[k] ? rest : errors });
    },
    addPhotos(files: FileList | null | undefined) {
      const next = [...$form.get().photos];
      const problems: string[] = [];
      for (const f of Array.from(files ?? [])) {
        const p = photoProblem(f);
        if (p) problems.push(t(p, { name: f.name }));
        else if (next.length >= PHOTO_MAX) problems.push(t('f.photoMax'));
        else next.push({ file: f, key: ++keys });
      }
      set({ photos: next, photoMsg: problems.length ? [...new Set(problems)].join(' ') : undefined });
    },
    removePhoto: (i: number) => set({ photos: $form.get().photos.filter((_, k) => k !== i), photoMsg: undefined }),
    /** Check (at once), then send; false when a field must be fixed first (nothing sent). */
    submit(): boolean {
      const { busy, draft, photos } = $form.get();
      if (busy) return true;
      const errors: Record<string, string> = Object.fromEntries(
        Object.entries(checkDraft(draft, needContact)).map(([k, v]) => [k, t(v)]),
      );
      const ok = !Object.keys(errors).length;
      set({ errors, general: undefined, busy: ok });
      if (ok)
        send(
          draft,
          photos.map((p) => p.file),
        )
          .then(
            () => drafts.set(ns, id, undefined),
            // what a failed send means for the person: maybe saved, already reviewed, a field, or a general message
            (e: unknown) => {
              const api = e instanceof InlayApiError ? e : undefined;
              const fields: Record<string, string> = {};
              for (const v of api?.fieldViolations ?? []) {
                const f = v.field.replace(/^content\./, '').split(/[.[]/)[0] ?? '';
                if (['rating', 'title', 'body', 'name', 'email'].includes(f)) fields[f] = v.description;
              }
              set(
                (e as { reviewMayBeSaved?: boolean }).reviewMayBeSaved
                  ? { general: t('f.unsure') }
                  : api?.status === 409
                    ? { general: t('f.duplicate') }
                    : Object.keys(fields).length
                      ? { errors: fields }
                      : { general: i18n().error(e) },
              );
            },
          )
          .finally(() => set({ busy: false }));
      return ok;
    },
  };
}
export type ReviewFormModel = ReturnType<typeof createReviewFormModel>;
