import { InlayApiError } from '../../core/errors.ts';
import { bidiSafe, type I18n, type Translator } from '../../core/i18n/index.ts';
import { storageKey } from '../../core/storage.ts';
import type { formStrings } from './form-strings.ts';
import type { Draft } from './submit.ts';

/* The review form's rules (form-model.ts applies them): what a tab keeps of a draft, its checks, which photos it
   takes, and what a failed upload or send says. */

/** The form's translator (its own strings, loaded with it). */
export type FormT = Translator<keyof typeof formStrings>;

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

/**
 * What a photo's failed upload says on it. `name` (the file's, as the person named it) leads the words: isolated when
 * it holds right-to-left letters, as the translator does for the sentences that name it.
 */
export function photoFailed(e: unknown, name: string, t: FormT, i18n: () => I18n): string {
  const status = e instanceof InlayApiError ? e.status : 0;
  return status === 413
    ? t('f.photoSize', { name })
    : status === 415
      ? t('f.photoType', { name })
      : status === 401 || status === 403
        ? t('f.photoRefused', { name })
        : `${bidiSafe(name)}: ${status === 429 ? t('f.tooMany') : i18n().error(e)}`;
}

const FIELDS = ['rating', 'title', 'body', 'name', 'email'];

/** What a failed send means for the person: maybe saved, already reviewed, a field, or a general message. */
export function notSent(
  e: unknown,
  t: FormT,
  i18n: () => I18n,
): { general: string } | { errors: Record<string, string> } {
  const api = e instanceof InlayApiError ? e : undefined;
  const fields: Record<string, string> = {};
  for (const v of api?.fieldViolations ?? []) {
    const f = v.field.replace(/^(review\.)?(content|author)\./, '').split(/[.[]/)[0] ?? '';
    if (FIELDS.includes(f)) fields[f] = v.description;
  }
  const code = api?.applicationError?.code;
  return (e as { reviewMayBeSaved?: boolean }).reviewMayBeSaved
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
                : { general: i18n().error(e) };
}
