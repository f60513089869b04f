import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import { storageKey } from '../../core/storage.ts';
import { companionOf, getChallenge, uploadMedia } from '../../core/api/companion.ts';
import type { Image } from '../../core/api/media.ts';
import type { Review } from '../../core/api/reviews.ts';
import { solveChallenge } from './altcha.ts';
import { sendAsVisitor } from './visitor.ts';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Form checks before sending (`visitor`: a visitor's name and email too). Keys are field names; values message keys. */
export function checkDraft(
  d: Draft,
  visitor = false,
): Partial<Record<keyof Draft, 'f.errRating' | 'f.errRequired' | 'f.errEmail'>> {
  const e: ReturnType<typeof checkDraft> = {};
  if (!(d.rating >= 1 && d.rating <= 5)) e.rating = 'f.errRating';
  if (!d.body.trim()) e.body = 'f.errRequired';
  if (visitor && !d.name?.trim()) e.name = 'f.errRequired';
  if (visitor && !EMAIL.test(d.email?.trim() ?? '')) e.email = 'f.errEmail';
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
  /**
   * The companion's check of a visitor's review (proof of work, solved while they type): not started, running, done,
   * or failed (its message in `general` once they send).
   */
  check: 'idle' | 'solving' | 'ready' | 'failed';
}

export interface ReviewFormModelProps {
  ns: string;
  id: string;
  /** Sends the review as the signed-in member, photos uploaded (the widget's model: the sent review takes the form's place). */
  submit: (d: Draft, media: { image: Image }[]) => Promise<void>;
  /**
   * A visitor's review was sent through the site companion (name, email and the solved check: the form sends it,
   * where the page names a companion); the widget shows it in the form's place. Without it a visitor signs in first.
   */
  sent?: (review: Review) => void;
}

const FIELDS = ['rating', 'title', 'body', 'name', 'email'];

/**
 * The review form's flows: the text kept in sessionStorage per item until sent (and after a failure), field checks
 * (a shown error goes as soon as the field is right; a new one only comes with the next send), photos (type, size,
 * at most 5, each uploaded once: a refused or failed upload is told on that photo and never loses the review), a
 * visitor's send that waits for their sign-in, one send at a time and what a failed send means for the person.
 */
export function createReviewFormModel(
  { i18n, client }: Pick<InlayContext, 'i18n' | 'client'>,
  { ns, id, submit: send, sent }: ReviewFormModelProps,
) {
  // the site companion (photos, a visitor's review), where the page names one
  const companion = companionOf(client, location.href);
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
    check: 'idle',
  });
  const set = (p: Partial<FormUi>) => $form.set({ ...$form.get(), ...p });
  const keep = () => {
    const { draft: d, waiting: w } = $form.get();
    drafts.set(ns, id, w || Object.values(d).some(Boolean) ? { ...d, waiting: w || undefined } : undefined);
  };
  const photo = (key: number, p: Partial<Photo>) =>
    set({ photos: $form.get().photos.map((x) => (x.key === key ? { ...x, ...p } : x)) });
  let keys = 0;

  /**
   * The solved check for a visitor's review, started once (at the form's opening) and again after each use (a solved
   * challenge is accepted once) or failure. Runs in small steps: typing never waits for it.
   */
  let solution: Promise<string> | undefined;
  function check(): Promise<string> {
    if (!solution) {
      set({ check: 'solving' });
      const s = getChallenge(companion!)
        .then((c) => solveChallenge(c))
        .then(
          (v) => (set({ check: 'ready' }), v),
          (e: unknown) => {
            if (solution === s) solution = undefined;
            set({ check: 'failed' });
            throw e;
          },
        );
      s.catch(() => undefined);
      solution = s;
    }
    return solution;
  }

  /** Upload what is not yet (a retry sends only the photos that failed), then send the review. */
  async function go(d: Draft, visitor: boolean) {
    set({ busy: true, general: undefined, waiting: false });
    keep();
    let checked = false;
    try {
      let failed = false;
      for (const p of $form.get().photos) {
        if (p.image) continue;
        const name = p.file.name;
        try {
          if (!companion) throw new InlayApiError({ kind: 'http', status: 403, message: 'no site companion' });
          photo(p.key, { image: await uploadMedia(companion, p.file), error: undefined });
        } catch (e) {
          failed = true;
          const status = e instanceof InlayApiError ? e.status : 0;
          photo(p.key, {
            error:
              status === 413
                ? t('f.photoSize', { name })
                : status === 415
                  ? t('f.photoType', { name })
                  : status === 401 || status === 403
                    ? t('f.photoRefused', { name })
                    : status === 429
                      ? `${name}: ${t('f.tooMany')}`
                      : `${name}: ${i18n().error(e)}`,
          });
        }
      }
      // the review never goes without the photos the person chose, nor is it lost: they retry or remove them
      if (failed) return set({ general: t('f.photosFailed') });
      const media = $form.get().photos.map((p) => ({ image: p.image! }));
      if (visitor && companion && sent) {
        let captcha: string;
        try {
          captcha = await check();
        } catch (e) {
          // no challenge (offline, the companion failed or throttles): said as such; else the check itself failed
          return set({
            general:
              e instanceof InlayApiError ? (e.status === 429 ? t('f.tooMany') : i18n().error(e)) : t('f.checkFailed'),
          });
        }
        // used up by this send, whatever its outcome: the next send gets a new one
        solution = undefined;
        checked = true;
        const review = await sendAsVisitor(companion, ns, id, d, media, captcha);
        checked = false;
        drafts.set(ns, id, undefined);
        sent(review);
      } else {
        await send(d, media);
        drafts.set(ns, id, undefined);
      }
    } catch (e) {
      // what a failed send means for the person: maybe saved, already reviewed, a field, or a general message
      const api = e instanceof InlayApiError ? e : undefined;
      const fields: Record<string, string> = {};
      for (const v of api?.fieldViolations ?? []) {
        const f = v.field.replace(/^(review\.)?(content|author)\./, '').split(/[.[]/)[0] ?? '';
        if (FIELDS.includes(f)) fields[f] = v.description;
      }
      const code = api?.applicationError?.code;
      set(
        (e as { reviewMayBeSaved?: boolean }).reviewMayBeSaved
          ? { general: t('f.unsure') }
          : (e as { reviewArrived?: boolean }).reviewArrived
            ? { general: t('f.arrived') }
            : api?.status === 409
              ? { general: t('f.duplicate') }
              : code === 'CAPTCHA_INVALID'
                ? { general: t('f.checkFailed') }
                : code === 'MEMBER_EMAIL'
                  ? { errors: { email: t('f.memberEmail') } }
                  : api?.status === 429
                    ? { general: t('f.tooMany') }
                    : Object.keys(fields).length
                      ? { errors: fields }
                      : { general: i18n().error(e) },
      );
    } finally {
      set({ busy: false });
      // a check used by a send that did not go through: a fresh one for the next send, solved meanwhile
      if (checked) void check().catch(() => undefined);
    }
  }

  const model = {
    $form,
    /** A field's new value (autofill may fire several inputs before the next render: each builds on the last). */
    set(k: keyof Draft, v: string | number) {
      const { draft: cur, errors } = $form.get();
      const d = { ...cur, [k]: v };
      const { [k]: _, ...rest } = errors;
      set({ draft: d, errors: errors[k] && !checkDraft(d, true)[k] ? rest : errors });
      keep();
    },
    /**
     * The form is open for a visitor on a site with a companion: the check starts now, while they type (its status
     * is `check`).
     */
    start() {
      if (companion && sent) void check().catch(() => undefined);
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
     * Check (at once), then send as the member, or as a visitor through the site companion (name and email); without
     * a companion a visitor's review waits for their sign-in (`signedIn`). False when a field must be fixed first
     * (nothing sent).
     */
    submit(member: boolean): boolean {
      const { busy, draft: d } = $form.get();
      if (busy) return true;
      const visitor = !member && !!companion && !!sent;
      const errors: Record<string, string> = Object.fromEntries(
        Object.entries(checkDraft(d, visitor)).map(([k, v]) => [k, t(v)]),
      );
      const ok = !Object.keys(errors).length;
      const wait = ok && !member && !visitor;
      // waiting is said by the form's sign-in prompt, never as an error beside it
      set({ errors, general: undefined, waiting: wait });
      keep();
      if (ok && (member || visitor)) void go(d, visitor);
      return ok;
    },
    /**
     * The person is now a member (here, another tab, or back from a hosted sign-in): a waiting review goes. `asked`:
     * the form offered only a sign-in (a visitor without a companion has no "Submit review"), so a review typed in
     * full (rating and text) goes too; one not yet complete stays in the form, with nothing said against it.
     */
    signedIn(asked = false) {
      const { waiting, draft } = $form.get();
      if (waiting || (asked && !Object.keys(checkDraft(draft)).length)) model.submit(true);
    },
  };
  return model;
}
export type ReviewFormModel = ReturnType<typeof createReviewFormModel>;
