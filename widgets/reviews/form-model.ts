import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import { storageKey } from '../../core/storage.ts';
import { uploadPhoto } from '../../core/api/site-media.ts';
import type { Image } from '../../core/api/media.ts';
import { formStrings } from './form-strings.ts';
import type { Translator } from '../../core/i18n/index.ts';
import type { Draft } from './submit.ts';

/** Photos the form accepts (the emulator sniffs the bytes and accepts the same four). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX = 5;

export const emptyDraft: Draft = { rating: 0, title: '', body: '' };

/** What a tab keeps per item: the text, and whether it waits for a sign-in to be sent. */
export interface KeptDraft extends Draft {
  waiting?: boolean;
}

const draftKey = (ns: string, id: string) => storageKey('reviews.draft', `${ns}:${id}`);
/**
 * The form's text survives a reload in this tab (sessionStorage, per item: a hosted sign-in comes back to a new
 * page), with whether it waits for a sign-in to be sent; photos do not.
 */
export const drafts = {
  get(ns: string, id: string): KeptDraft {
    try {
      return { ...emptyDraft, ...(JSON.parse(sessionStorage.getItem(draftKey(ns, id)) ?? '{}') as KeptDraft) };
    } catch {
      return emptyDraft;
    }
  },
  set(ns: string, id: string, d: KeptDraft | undefined) {
    try {
      if (d) sessionStorage.setItem(draftKey(ns, id), JSON.stringify(d));
      else sessionStorage.removeItem(draftKey(ns, id));
    } catch {
      /* storage blocked: the draft lives in the form only */
    }
  },
};

/** Form checks before sending. Keys are field names; values message keys. */
export function checkDraft(d: Draft): Partial<Record<keyof Draft, 'f.errRating' | 'f.errRequired'>> {
  const e: ReturnType<typeof checkDraft> = {};
  if (!(d.rating >= 1 && d.rating <= 5)) e.rating = 'f.errRating';
  if (!d.body.trim()) e.body = 'f.errRequired';
  return e;
}

/** Why a photo is refused, or undefined when it is fine. */
export const photoProblem = (f: File): 'f.photoType' | 'f.photoSize' | undefined =>
  !PHOTO_TYPES.includes(f.type) ? 'f.photoType' : f.size > PHOTO_MAX_BYTES ? 'f.photoSize' : undefined;

/** A chosen photo (`key`: stable across removals, for the previews); `image` once uploaded, `error` when that failed. */
export interface Photo {
  file: File;
  key: number;
  image?: Image;
  error?: string;
}

export interface FormUi {
  draft: Draft;
  photos: Photo[];
  /** Per field, the message shown under it. */
  errors: Record<string, string>;
  /** The message under the form (a failed send, a photo that could not go, a sign-in to finish). */
  general?: string;
  /** Why photos were refused. */
  photoMsg?: string;
  busy: boolean;
  /** A visitor pressed Submit: the review goes as soon as they are signed in (kept across a hosted sign-in). */
  waiting: boolean;
}

export interface ReviewFormModelProps {
  ns: string;
  id: string;
  /** Sends the review as the signed-in member, photos uploaded (the widget's model: the sent review takes the form's place). */
  submit: (d: Draft, media: { image: Image }[]) => Promise<void>;
}

/**
 * The review form's flows: the text kept in sessionStorage per item until sent (and after a failure), field checks
 * (a shown error goes as soon as the field is right; a new one only comes with the next send), photos (type, size,
 * at most 5, each uploaded once: a refused or failed upload is told on that photo and never loses the review), a
 * visitor's send that waits for their sign-in, one send at a time and what a failed send means for the person.
 */
export function createReviewFormModel(
  { i18n, client }: Pick<InlayContext, 'i18n' | 'client'>,
  { ns, id, submit: send }: ReviewFormModelProps,
) {
  // looked up per message: the page's language may change while the form is open
  const t: Translator<keyof typeof formStrings> = (key, params) => i18n().strings(formStrings)(key, params);
  const { waiting, ...draft } = drafts.get(ns, id);
  const $form = atom<FormUi>({
    draft,
    photos: [],
    errors: {},
    busy: false,
    waiting: !!waiting,
    general: waiting ? t('f.signInFirst') : undefined,
  });
  const set = (p: Partial<FormUi>) => $form.set({ ...$form.get(), ...p });
  const keep = () => {
    const { draft: d, waiting: w } = $form.get();
    drafts.set(ns, id, w || Object.values(d).some(Boolean) ? { ...d, waiting: w || undefined } : undefined);
  };
  const photo = (key: number, p: Partial<Photo>) =>
    set({ photos: $form.get().photos.map((x) => (x.key === key ? { ...x, ...p } : x)) });
  let keys = 0;

  /** Upload what is not yet (a retry sends only the photos that failed), then send the review. */
  async function go(d: Draft) {
    set({ busy: true, general: undefined, waiting: false });
    keep();
    try {
      let failed = false;
      for (const p of $form.get().photos) {
        if (p.image) continue;
        try {
          photo(p.key, { image: await uploadPhoto(client.http, p.file), error: undefined });
        } catch (e) {
          failed = true;
          const name = p.file.name;
          photo(p.key, {
            error:
              e instanceof InlayApiError && (e.status === 401 || e.status === 403)
                ? t('f.photoRefused', { name })
                : `${name}: ${i18n().error(e)}`,
          });
        }
      }
      // the review never goes without the photos the person chose, nor is it lost: they retry or remove them
      if (failed) return set({ general: t('f.photosFailed') });
      await send(
        d,
        $form.get().photos.map((p) => ({ image: p.image! })),
      );
      drafts.set(ns, id, undefined);
    } catch (e) {
      // what a failed send means for the person: maybe saved, already reviewed, a field, or a general message
      const api = e instanceof InlayApiError ? e : undefined;
      const fields: Record<string, string> = {};
      for (const v of api?.fieldViolations ?? []) {
        const f = v.field.replace(/^(review\.)?content\./, '').split(/[.[]/)[0] ?? '';
        if (['rating', 'title', 'body'].includes(f)) fields[f] = v.description;
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
    } finally {
      set({ busy: false });
    }
  }

  const model = {
    $form,
    /** A field's new value (autofill may fire several inputs before the next render: each builds on the last). */
    set(k: keyof Draft, v: string | number) {
      const { draft: cur, errors } = $form.get();
      const d = { ...cur, [k]: v };
      const { [k]: _, ...rest } = errors;
      set({ draft: d, errors: errors[k] && !checkDraft(d)[k] ? rest : errors });
      keep();
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
    /**
     * Check (at once), then send as the member; a visitor's review waits for their sign-in (`signedIn`). False when
     * a field must be fixed first (nothing sent).
     */
    submit(member: boolean): boolean {
      const { busy, draft: d } = $form.get();
      if (busy) return true;
      const errors: Record<string, string> = Object.fromEntries(
        Object.entries(checkDraft(d)).map(([k, v]) => [k, t(v)]),
      );
      const ok = !Object.keys(errors).length;
      const wait = ok && !member;
      set({ errors, general: wait ? t('f.signInFirst') : undefined, waiting: wait });
      keep();
      if (ok && member) void go(d);
      return ok;
    },
    /** The person is now a member (here, another tab, or back from a hosted sign-in): a waiting review goes. */
    signedIn() {
      if ($form.get().waiting) model.submit(true);
    },
  };
  return model;
}
export type ReviewFormModel = ReturnType<typeof createReviewFormModel>;
