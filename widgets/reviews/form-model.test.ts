import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { InlayApiError } from '../../core/errors.ts';
import { createReviewFormModel } from './form-model.ts';
import type { Draft } from './submit.ts';

const context = testContext(fakeFetch(() => json(500, {})).fetch);
const KEY = 'inlay.reviews.draft.stores:p1';
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const apiError = (status: number, body: unknown) =>
  new InlayApiError({ kind: 'http', status, message: 'x', ...(body as object) });

beforeEach(() => sessionStorage.clear());

/** A form for the item whose send is `send` (the widget's model in the page). */
const form = (send: (d: Draft, photos: File[]) => Promise<void> = async () => {}, needContact = true) =>
  createReviewFormModel(context, { ns: 'stores', id: 'p1', needContact, submit: send });

describe('review form model', () => {
  it('keeps the text per item in sessionStorage, and a new form starts from it', () => {
    const a = form();
    a.set('rating', 4);
    a.set('body', 'Sturdy');
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject({ rating: 4, body: 'Sturdy' });
    expect(form().$form.get().draft).toMatchObject({ rating: 4, body: 'Sturdy', title: '' });
  });

  it('checks before sending (nothing sent); a shown error goes as soon as its field is right', () => {
    const send = vi.fn(async () => {});
    const f = form(send);
    expect(f.submit()).toBe(false);
    expect(f.$form.get().errors).toEqual({
      rating: 'Choose a rating from 1 to 5 stars.',
      body: 'This field is required.',
      name: 'This field is required.',
      email: 'Enter a valid email address, like name@example.com.',
    });
    f.set('rating', 5);
    expect(f.$form.get().errors.rating).toBeUndefined();
    f.set('email', 'ada@');
    expect(f.$form.get().errors.email).toBeDefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('photos: type, size and count checked; removing one clears the message', () => {
    const f = form();
    f.addPhotos([png('1.png'), new File(['x'], 'doc.pdf', { type: 'application/pdf' })] as unknown as FileList);
    expect(f.$form.get().photos).toHaveLength(1);
    expect(f.$form.get().photoMsg).toBe('doc.pdf: only PNG, JPEG, GIF or WebP images.');
    f.addPhotos([2, 3, 4, 5, 6].map((n) => png(`${n}.png`)) as unknown as FileList);
    expect(f.$form.get().photos.map((p) => p.file.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(f.$form.get().photoMsg).toBe('You can add up to 5 photos.');
    f.removePhoto(0);
    expect(f.$form.get()).toMatchObject({ photoMsg: undefined });
    expect(f.$form.get().photos[0]!.file.name).toBe('2.png');
  });

  it('sends once at a time; a sent review clears the kept text', async () => {
    let done!: () => void;
    const send = vi.fn(() => new Promise<void>((r) => (done = r)));
    const f = form(send, false);
    f.set('rating', 5);
    f.set('body', 'Nice');
    expect(f.submit()).toBe(true);
    expect(f.$form.get().busy).toBe(true);
    f.submit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual([{ rating: 5, title: '', body: 'Nice', name: '', email: '' }, []]);
    done();
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it.each([
    [
      'maybe saved',
      Object.assign(new TypeError('Failed to fetch'), { reviewMayBeSaved: true }),
      { general: expect.stringMatching(/couldn’t confirm/) },
    ],
    ['already reviewed (409)', apiError(409, {}), { general: expect.stringMatching(/already reviewed/) }],
    [
      'a field',
      apiError(400, { fieldViolations: [{ field: 'content.body', description: 'too long' }] }),
      { errors: { body: 'too long' } },
    ],
    ['anything else', apiError(500, {}), { general: 'Something went wrong on our side. Try again in a moment.' }],
  ])('a failed send: %s; the text is kept', async (_name, error, shown) => {
    const f = form(() => Promise.reject(error), false);
    f.set('rating', 3);
    f.set('body', 'Kept');
    f.submit();
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get()).toMatchObject(shown);
    expect(JSON.parse(sessionStorage.getItem(KEY)!).body).toBe('Kept');
  });
});
