import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { InlayApiError } from '../../core/errors.ts';
import type { Image } from '../../core/api/media.ts';
import { createReviewFormModel } from './form-model.ts';
import type { Draft } from './submit.ts';
import type { Review } from '../../core/api/reviews.ts';

type Send = (d: Draft, media: { image: Image }[]) => Promise<void>;
type Sent = (review: Review) => void;

/** The fake companion's answer to a photo upload (`POST B/v1/media`) and to the challenge. */
let upload: (call: Call) => Response | Promise<Response> = () => json(500, {});
let challenge: (call: Call) => Response | Promise<Response> = () => json(200, altcha(1234));
/** The fake companion's answer to a visitor's review (`POST B/v1/reviews`). */
let visitorReview: (call: Call) => Response | Promise<Response> = () => json(200, { review: madeReview });
const madeReview = { id: 'v1', entityId: 'p1', content: { rating: 4, body: 'Nice' } };
const visitorSends = () => net.calls.filter((c) => c.url === `${B}/v1/reviews`);
const B = 'https://shop.test/api/inlay';
const net = fakeFetch((call) =>
  call.url.endsWith('/oauth2/token')
    ? json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 })
    : call.url === `${B}/v1/challenge`
      ? challenge(call)
      : call.url === `${B}/v1/reviews`
        ? visitorReview(call)
        : upload(call),
);
/** A real ALTCHA v1 challenge whose answer is `n` (as altcha-lib makes them; the signature is not checked here). */
function altcha(n: number, maxnumber = 50_000) {
  const salt = `s${n}?expires=9999999999&`;
  const hash = createHash('sha256')
    .update(salt + n)
    .digest('hex');
  return { algorithm: 'SHA-256', challenge: hash, maxnumber, salt, signature: 'sig' };
}
const decode = (captcha: string) => JSON.parse(atob(captcha)) as Record<string, unknown>;
/** The page with no companion (photos and a visitor's review are not offered). */
const context = testContext(net.fetch);
/** The page naming a site companion. */
const withCompanion = testContext(net.fetch, { companion: B });
const KEY = 'inlay.reviews.draft.stores:p1';
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const apiError = (status: number, body: unknown) =>
  new InlayApiError({ kind: 'http', status, message: 'x', ...(body as object) });
const uploads = () => net.calls.filter((c) => c.url === `${B}/v1/media`);
/** The uploaded file's name (the bytes go as the File itself). */
const fileName = (call: Call) => (call.raw as File).name;
/** Uploads that work: each file gets an image named after it. */
const working = (call: Call) => {
  const name = fileName(call);
  return json(200, { image: { id: name, url: `https://media.test/${name}` } });
};

beforeEach(() => {
  sessionStorage.clear();
  net.calls.length = 0;
  upload = () => json(500, {});
  challenge = () => json(200, altcha(1234));
  visitorReview = () => json(200, { review: madeReview });
});

/** A form for the item whose send is `send` (the widget's model in the page); `companion`: the page names one. */
const form = (send: Send = async () => {}, o: { companion?: boolean; sent?: Sent } = {}) =>
  createReviewFormModel(o.companion || o.sent ? withCompanion : context, {
    ns: 'stores',
    id: 'p1',
    submit: send,
    ...(o.sent ? { sent: o.sent } : {}),
  });
const filled = (send?: Send, o?: { companion?: boolean }) => {
  const f = form(send, o);
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
    // the wait is said by the form's sign-in prompt, not as an error message beside it
    expect(f.$form.get()).toMatchObject({ waiting: true, busy: false, general: undefined });
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

  it('only a sign-in was offered (no companion): signed in, a review typed in full goes; one half typed stays, unreproached', async () => {
    const send = vi.fn<Send>(async () => {});
    const half = form(send);
    half.set('body', 'Half a thought');
    half.signedIn(true);
    expect(send).not.toHaveBeenCalled();
    expect(half.$form.get()).toMatchObject({ busy: false, errors: {}, general: undefined });
    const full = filled(send);
    full.signedIn(true);
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

describe('photos (through the site companion) never lose the review', () => {
  it('a refused upload (403) is told on that photo; the text stays, nothing is sent; removed, the review goes', async () => {
    upload = () => json(403, { message: 'no', details: { applicationError: { code: 'PERMISSION_DENIED' } } });
    const send = vi.fn<Send>(async () => {});
    const f = filled(send, { companion: true });
    f.addPhotos([png('door.png')] as unknown as FileList);
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(send).not.toHaveBeenCalled();
    const ui = f.$form.get();
    expect(ui.photos[0]!.error).toBe('door.png: this site doesn’t take photos yet. Remove it to post your review.');
    expect(ui.general).toBe('Not sent yet: a photo wasn’t uploaded. Send again to retry, or remove it.');
    expect(ui.draft).toEqual({ rating: 5, title: '', body: 'Nice' });
    expect(JSON.parse(sessionStorage.getItem(KEY)!).body).toBe('Nice');
    // the bytes go raw, with their type, the widget's token, and no cookie
    expect(uploads()[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'a', 'Content-Type': 'image/png' },
      credentials: 'omit',
    });
    f.removePhoto(0);
    f.submit(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([{ rating: 5, title: '', body: 'Nice' }, []]);
  });

  it.each([
    [413, 'FILE_TOO_LARGE', 'big.png is larger than 5 MB.'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'big.png: only PNG, JPEG, GIF or WebP images.'],
    [429, 'RESOURCE_EXHAUSTED', 'big.png: Too many attempts just now. Wait a minute, then send again.'],
  ])('the companion refuses a photo (%i %s): said on that photo, in words', async (status, code, message) => {
    upload = () => json(status, { message: code, details: { applicationError: { code } } });
    const f = filled(async () => {}, { companion: true });
    f.addPhotos([png('big.png')] as unknown as FileList);
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false), { timeout: 20_000 });
    expect(f.$form.get().photos[0]!.error).toBe(message);
  });

  it.each([
    [413, 'תמונה 2.png is larger than 5 MB.'],
    [429, 'תמונה 2.png: Too many attempts just now. Wait a minute, then send again.'],
    [500, 'תמונה 2.png: Something went wrong on our side. Try again in a moment.'],
  ])(
    'a right-to-left file name beside a number, refused (%i): isolated where it leads the words',
    async (status, said) => {
      upload = () => json(status, {});
      const f = filled(async () => {}, { companion: true });
      f.addPhotos([png('תמונה 2.png')] as unknown as FileList);
      f.submit(true);
      await vi.waitFor(() => expect(f.$form.get().busy).toBe(false), { timeout: 20_000 });
      // FSI … PDI: "2.png" stays in the name, the words keep their order right to left
      expect(f.$form.get().photos[0]!.error).toBe(said.replace('תמונה 2.png', '\u2068תמונה 2.png\u2069'));
    },
  );

  it('a failed upload among several: a retry uploads only that one, then sends the review with every photo', async () => {
    let fail = true;
    upload = (call) => {
      if (fail && fileName(call) === 'b.png') throw new TypeError('Failed to fetch');
      return working(call);
    };
    const send = vi.fn<Send>(async () => {});
    const f = filled(send, { companion: true });
    f.addPhotos([png('a.png'), png('b.png')] as unknown as FileList);
    f.submit(true);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(send).not.toHaveBeenCalled();
    expect(f.$form.get().photos.map((p) => [p.image?.id, p.error])).toEqual([
      ['a.png', undefined],
      [undefined, 'b.png: You appear to be offline. Check your connection and try again.'],
    ]);
    expect(uploads().map(fileName)).toEqual(['a.png', 'b.png']);

    fail = false;
    f.submit(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(uploads().map(fileName)).toEqual(['a.png', 'b.png', 'b.png']);
    expect(send.mock.calls[0]![1]).toEqual([
      { image: { id: 'a.png', url: 'https://media.test/a.png' } },
      { image: { id: 'b.png', url: 'https://media.test/b.png' } },
    ]);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get().photos.every((p) => !p.error)).toBe(true);
    expect(f.$form.get().general).toBeUndefined();
  });
});

describe('a visitor’s review through the site companion', () => {
  const visitorForm = () => {
    const send = vi.fn<Send>(async () => {});
    const sent = vi.fn<Sent>();
    const f = form(send, { sent });
    f.set('rating', 4);
    f.set('body', 'Nice');
    return { f, send, sent };
  };
  const captchaOf = (c: Call) => decode((c.body as { captcha: string }).captcha);

  it('name and email are checked (nothing sent); the check is solved while they type and goes with the review', async () => {
    const { f, send, sent } = visitorForm();
    f.start();
    expect(f.$form.get().check).toBe('solving');
    expect(f.submit(false)).toBe(false);
    expect(f.$form.get().errors).toEqual({
      name: 'This field is required.',
      email: 'Enter a valid email address, like name@example.com.',
    });
    f.set('name', 'Ada');
    f.set('email', 'ada@example');
    expect(f.$form.get().errors).toEqual({ email: 'Enter a valid email address, like name@example.com.' });
    f.set('email', 'ada@example.com');
    expect(f.$form.get().errors).toEqual({});
    await vi.waitFor(() => expect(f.$form.get().check).toBe('ready'), { timeout: 10_000 });
    expect(f.submit(false)).toBe(true);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toEqual(madeReview);
    expect(visitorSends()).toHaveLength(1);
    expect(visitorSends()[0]!.body).toMatchObject({
      namespace: 'stores',
      entityId: 'p1',
      name: 'Ada',
      email: 'ada@example.com',
      content: { rating: 4, body: 'Nice' },
    });
    expect(captchaOf(visitorSends()[0]!)).toEqual({ ...altcha(1234), number: 1234, maxnumber: undefined });
    expect(send).not.toHaveBeenCalled();
    // one challenge asked, no sign-in asked for
    expect(net.calls.filter((c) => c.url === `${B}/v1/challenge`)).toHaveLength(1);
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get()).toMatchObject({ waiting: false, general: undefined });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a refused check (CAPTCHA_INVALID) is said, the text kept, and a new check is solved for the next send', async () => {
    visitorReview = () =>
      visitorSends().length === 1
        ? json(400, { message: 'bad', details: { applicationError: { code: 'CAPTCHA_INVALID', description: 'bad' } } })
        : json(200, { review: madeReview });
    challenge = () => json(200, altcha(10 + net.calls.filter((c) => c.url === `${B}/v1/challenge`).length));
    const { f, sent } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.submit(false);
    await vi.waitFor(() => expect(visitorSends()).toHaveLength(1));
    await vi.waitFor(() => expect(f.$form.get().busy).toBe(false));
    expect(f.$form.get().general).toBe('We couldn’t check that you’re a person. Send again to retry.');
    expect(f.$form.get().draft).toMatchObject({ body: 'Nice', name: 'Ada', email: 'ada@example.com' });
    f.submit(false);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    // each send had its own solved challenge
    expect(visitorSends().map((c) => captchaOf(c).number)).toEqual([11, 12]);
  });

  it('the challenge cannot be had (offline): said when they send; the text kept; the next send asks again', async () => {
    challenge = () => {
      throw new TypeError('Failed to fetch');
    };
    const { f, sent } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.start();
    await vi.waitFor(() => expect(f.$form.get().check).toBe('failed'), { timeout: 20_000 });
    f.submit(false);
    await vi.waitFor(
      () => expect(f.$form.get().general).toBe('You appear to be offline. Check your connection and try again.'),
      { timeout: 20_000 },
    );
    expect(visitorSends()).toEqual([]);
    expect(f.$form.get().draft).toMatchObject({ body: 'Nice', name: 'Ada' });
    challenge = () => json(200, altcha(3));
    f.submit(false);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  }, 60_000);

  it('a challenge that cannot be solved (none fits) says the check failed', async () => {
    challenge = () => json(200, { ...altcha(500), maxnumber: 10 });
    const { f, sent } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.submit(false);
    await vi.waitFor(() =>
      expect(f.$form.get().general).toBe('We couldn’t check that you’re a person. Send again to retry.'),
    );
    expect(visitorSends()).toEqual([]);
    expect(sent).not.toHaveBeenCalled();
  });

  it.each([
    ['already reviewed (409)', () => json(409, { message: 'dup' }), expect.stringMatching(/already reviewed/)],
    [
      'a rate limit (429)',
      () => json(429, { message: 'slow' }, { headers: { 'retry-after': '30' } }),
      'Too many attempts just now. Wait a minute, then send again.',
    ],
    ['the companion failed (500)', () => json(500, { message: 'x' }), expect.stringMatching(/couldn’t confirm/)],
    [
      'offline',
      () => {
        throw new TypeError('Failed to fetch');
      },
      expect.stringMatching(/couldn’t confirm/),
    ],
  ])('a failed send: %s is said, the text kept', async (_n, answer, message) => {
    visitorReview = answer;
    const { f, sent } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.submit(false);
    await vi.waitFor(() => expect(f.$form.get().general).toEqual(message), { timeout: 10_000 });
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject({ body: 'Nice', name: 'Ada' });
    expect(sent).not.toHaveBeenCalled();
  });

  it('a lost answer, then a 409 on the resend: it had arrived', async () => {
    visitorReview = () => json(503, { message: 'x' });
    const { f } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.submit(false);
    await vi.waitFor(() => expect(f.$form.get().general).toMatch(/couldn’t confirm/), { timeout: 10_000 });
    visitorReview = () => json(409, { message: 'dup' });
    f.submit(false);
    await vi.waitFor(() =>
      expect(f.$form.get().general).toBe('Your review had already arrived: it shows once it’s approved.'),
    );
  });

  it('an email that belongs to a member (403 MEMBER_EMAIL) is said on the email field', async () => {
    visitorReview = () =>
      json(403, { message: 'member', details: { applicationError: { code: 'MEMBER_EMAIL', description: 'm' } } });
    const { f } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'maya@fernwood.example');
    f.submit(false);
    await vi.waitFor(() =>
      expect(f.$form.get().errors).toEqual({
        email: 'This email belongs to an account on this site: sign in to post your review, or use another email.',
      }),
    );
  });

  it('field refusals from the companion go on their fields', async () => {
    visitorReview = () =>
      json(400, {
        message: 'bad',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'email', description: 'Not an address', violatedRule: 'FORMAT' },
              { field: 'content.body', description: 'Too long', violatedRule: 'MAX_LENGTH' },
            ],
          },
        },
      });
    const { f } = visitorForm();
    f.set('name', 'Ada');
    f.set('email', 'ada@example.com');
    f.submit(false);
    await vi.waitFor(() => expect(f.$form.get().errors).toEqual({ email: 'Not an address', body: 'Too long' }), {
      timeout: 10_000,
    });
  });

  it('without a companion a visitor still signs in first: no check is asked', () => {
    const f = filled();
    f.start();
    f.submit(false);
    expect(f.$form.get()).toMatchObject({ waiting: true, check: 'idle' });
    expect(net.calls).toEqual([]);
  });
});
