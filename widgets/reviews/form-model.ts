import { InlayApiError } from '../../core/errors.ts';
import type { Draft } from './model.ts';

/** Photos the form accepts (the emulator sniffs the bytes and accepts the same four). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX = 5;

export const emptyDraft: Draft = { rating: 0, title: '', body: '', name: '', email: '' };

const draftKey = (ns: string, id: string) => `inlay.reviews.draft.${ns}:${id}`;
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
export function checkDraft(d: Draft, needContact: boolean): Partial<Record<keyof Draft, 'f.errRating' | 'f.errRequired' | 'f.errEmail'>> {
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

/** What a failed submit means for the person: already reviewed, a field, or a general message. */
export function submitFailure(e: unknown): { kind: 'duplicate' } | { kind: 'fields'; fields: Record<string, string> } | { kind: 'other' } {
  if (!(e instanceof InlayApiError)) return { kind: 'other' };
  if (e.status === 409) return { kind: 'duplicate' };
  const fields: Record<string, string> = {};
  for (const v of e.fieldViolations ?? []) {
    const f = v.field.replace(/^content\./, '').split(/[.[]/)[0] ?? '';
    if (['rating', 'title', 'body', 'name', 'email'].includes(f)) fields[f] = v.description;
  }
  return Object.keys(fields).length ? { kind: 'fields', fields } : { kind: 'other' };
}

