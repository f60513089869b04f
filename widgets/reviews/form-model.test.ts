import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { InlayApiError } from '../../core/errors.ts';
import type { Image } from '../../core/api/media.ts';
import { createReviewFormModel } from './form-model.ts';
import type { Draft } from './submit.ts';

type Send = (d: Draft, media: { image: Image }[]) => Promise<void>;

/** The fake platform's answer to an upload call (generate-upload-url, then the PUT of the bytes). */
let upload: (call: Call) => Response | Promise<Response> = () => json(500, {});
const net = fakeFetch((call) =>
  call.url.endsWith('/oauth2/token')
    ? json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 })
    : upload(call),
);
const context = testContext(net.fetch);
const KEY = 'inlay.reviews.draft.stores:p1';
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const apiError = (status: number, body: unknown) =>
  new InlayApiError({ kind: 'http', status, message: 'x', ...(body as object) });
const uploads = () => net.calls.filter((c) => c.url.endsWith('/generate-upload-url'));
/** Uploads that work: each file gets an image named after it (`fileName` of the generate call). */
const working = (call: Call) => {
  if (call.url.endsWith('/generate-upload-url'))
    return json(200, { uploadUrl: `https://upload.test/${(call.body as { fileName: string }).fileName}` });
  const name = call.url.split('/').pop()!;
  return json(200, { file: { id: name, url: `https://media.test/${name}` } });
};

beforeEach(() => {
  sessionStorage.clear();
  net.calls.length = 0;
  upload = () => json(500, {});
});

/** A form for the item whose send is `send` (the widget's model in the page). */
const form = (send: Send = async () => {}) => createReviewFormModel(context, { ns: 'stores', id: 'p1', submit: send });
const filled = (send?: Send) => {
  const f = form(send);
  f.set('rating', 5);
  f.set('body', 'Nice');
  return f;
};

describe('review form model', () => {
  it('keeps the text per item in sessionStorage, and a new form starts from it', () => {
    const a = form();
    a.set('rating', 4);
    a.set('body', 'Sturdy');
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ rating: 4, title: '', body: 'Sturdy' });
    expect(form().$form.get().draft).toEqual({ rating: 4, body: 'Sturdy', title: '' });
  });

  it('checks before sending (nothing sent); a shown error goes as soon as its field is right', () => {
    const send = vi.fn<Send>(async () => {});
    const f = form(send);
    expect(f.submit(true)).toBe(false);
    expect(f.$form.get().errors).toEqual({
      rating: 'Choose a rating from 1 to 5 stars.',
      body: 'This field is required.',
    });
    f.set('rating', 5);
    expect(f.$form.get().errors.rating).toBeUndefined();
    expect(f.$form.get().errors.body).toBeDefined();
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
    const f = filled(send);
    expect(f.submit(true)).toBe(true);
    expect(f.$form.get().busy).toBe(true);
    f.submit(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([{ rating: 5, title: '', body: 'Nice' }, []]);
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
      apiError(400, { fieldViolations: [{ field: 'review.content.body', description: 'too long' }] }),
      { errors: { body: 'too long' } },
    ],
    ['anything else', apiError(500, {}), { general: 'Something went wrong on our side. Try again in a moment.' }],
  ])('a failed send: %s; the text is kept', async (_name, error, shown) => {
    const f = filled(() => Promise.reject(error));
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get()).toMatchObject(shown);
    expect(JSON.parse(sessionStorage.getItem(KEY)!).body).toBe('Nice');
  });
});

describe('a visitor’s review waits for their sign-in', () => {
  it('Submit as a visitor sends nothing and asks to sign in; signed in, the review goes as typed', async () => {
    const send = vi.fn<Send>(async () => {});
    const f = filled(send);
    f.set('title', 'Solid');
    expect(f.submit(false)).toBe(true);
    expect(send).not.toHaveBeenCalled();
    expect(f.$form.get()).toMatchObject({
      waiting: true,
      busy: false,
      general: 'Sign in to send your review: it goes once you’re signed in.',
    });
    f.signedIn();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([{ rating: 5, title: 'Solid', body: 'Nice' }, []]);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get()).toMatchObject({ waiting: false, general: undefined });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a sign-in that reloads the page (hosted): the text and the wait are kept, and the new form sends it', async () => {
    filled().submit(false);
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ rating: 5, title: '', body: 'Nice', waiting: true });
    // the page comes back signed in
    const send = vi.fn<Send>(async () => {});
    const again = form(send);
    expect(again.$form.get()).toMatchObject({ draft: { rating: 5, body: 'Nice' }, waiting: true });
    again.signedIn();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({ rating: 5, title: '', body: 'Nice' });
  });

  it('nothing waits: a sign-in sends nothing; a field made wrong meanwhile is told, not sent', async () => {
    const send = vi.fn<Send>(async () => {});
    const f = filled(send);
    f.signedIn();
    expect(f.$form.get().busy).toBe(false);
    f.submit(false);
    f.set('body', '  ');
    f.signedIn();
    expect(send).not.toHaveBeenCalled();
    expect(f.$form.get()).toMatchObject({ waiting: false, errors: { body: 'This field is required.' } });
  });
});

describe('photos never lose the review', () => {
  it('a refused upload (403: photos need the site companion) is told on that photo; the text stays, nothing is sent', async () => {
    upload = () => json(403, { message: 'admin only', details: { applicationError: { code: 'PERMISSION_DENIED' } } });
    const send = vi.fn<Send>(async () => {});
    const f = filled(send);
    f.addPhotos([png('door.png')] as unknown as FileList);
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(send).not.toHaveBeenCalled();
    const ui = f.$form.get();
    expect(ui.photos[0]!.error).toBe('door.png: this site doesn’t take photos yet. Remove it to post your review.');
    expect(ui.general).toBe('Not sent yet: a photo wasn’t uploaded. Send again to retry, or remove it.');
    expect(ui.draft).toEqual({ rating: 5, title: '', body: 'Nice' });
    expect(JSON.parse(sessionStorage.getItem(KEY)!).body).toBe('Nice');
    // without the photo, the review goes
    f.removePhoto(0);
    f.submit(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([{ rating: 5, title: '', body: 'Nice' }, []]);
  });

  it('a failed upload among several: a retry uploads only that one, then sends the review with every photo', async () => {
    let fail = true;
    upload = (call) => {
      if (fail && call.url.endsWith('/generate-upload-url') && (call.body as { fileName: string }).fileName === 'b.png')
        throw new TypeError('Failed to fetch');
      return working(call);
    };
    const send = vi.fn<Send>(async () => {});
    const f = filled(send);
    f.addPhotos([png('a.png'), png('b.png')] as unknown as FileList);
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(send).not.toHaveBeenCalled();
    expect(f.$form.get().photos.map((p) => [p.image?.id, p.error])).toEqual([
      ['a.png', undefined],
      [undefined, 'b.png: You appear to be offline. Check your connection and try again.'],
    ]);
    expect(uploads().map((c) => (c.body as { fileName: string }).fileName)).toEqual(['a.png', 'b.png']);
    expect(uploads()[0]!.body).toEqual({ mimeType: 'image/png', fileName: 'a.png', sizeInBytes: 4 });

    fail = false;
    f.submit(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(uploads().map((c) => (c.body as { fileName: string }).fileName)).toEqual(['a.png', 'b.png', 'b.png']);
    expect(send.mock.calls[0]![1]).toEqual([
      { image: { id: 'a.png', url: 'https://media.test/a.png' } },
      { image: { id: 'b.png', url: 'https://media.test/b.png' } },
    ]);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get().photos.every((p) => !p.error)).toBe(true);
    expect(f.$form.get().general).toBeUndefined();
  });
});
