import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import { companionOf, getChallenge, uploadMedia } from '../../core/api/companion.ts';
import type { Image } from '../../core/api/media.ts';
import type { Review } from '../../core/api/reviews.ts';
import { solveChallenge } from './altcha.ts';
import { sendAsVisitor } from './visitor.ts';
import { formStrings } from './form-strings.ts';
import type { Draft } from './submit.ts';
import { checkDraft, drafts, notSent, photoFailed, photoProblem, PHOTO_MAX, type FormT } from './form-rules.ts';

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
  /** A visitor on a site with a companion chose to sign in rather than give a name and email. */
  instead?: boolean;
  /** The inline sign-in (the login widget's element): false while it loads, true once defined, or why it failed. */
  login: unknown;
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
  const t: FormT = (key, params) => i18n().strings(formStrings)(key, params);
  const { waiting, ...draft } = drafts.get(ns, id);
  const $form = atom<FormUi>({
    draft,
    photos: [],
    errors: {},
    busy: false,
    waiting: !!waiting,
    general: waiting ? t('f.signInFirst') : undefined,
    check: 'idle',
    login: false,
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
        try {
          if (!companion) throw new InlayApiError({ kind: 'http', status: 403, message: 'no site companion' });
          photo(p.key, { image: await uploadMedia(companion, p.file), error: undefined });
        } catch (e) {
          failed = true;
          photo(p.key, { error: photoFailed(e, p.file.name, t, i18n) });
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
      set(notSent(e, t, i18n));
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
    /** A visitor on a site with a companion signs in instead of giving a name and email. */
    signInInstead: () => set({ instead: true }),
    /** Defines the inline sign-in's element (`load`: its chunk, loaded once); `login` says how it went. */
    loadLogin(load: () => Promise<unknown>) {
      set({ login: false });
      load().then(
        () => set({ login: true }),
        (login: unknown) => set({ login }),
      );
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
