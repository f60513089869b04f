import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, mountWidget } from '../../../tests/helpers/mount.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import type { Member } from '../../../core/api/members.ts';
import { moveIn } from './model.ts';
import { iso } from './bidi.ts';
import { addLanguage } from '../../../core/i18n/index.ts';
import frPack from '../../languages/fr.ts';

beforeAll(async () => {
  await Promise.all([
    import('../console.tsx'),
    import('./view.tsx'),
    import('./details/view.tsx'),
    import('./tools/view.tsx'),
    import('./tools/upload.ts'),
    import('../reviews/view.tsx'),
  ]);
});

const B = 'https://shop.test/api/inlay';
const M = `${B}/v1/admin/media`;
const XSS = '<img src=x onerror="window.__xss=1">';
const slow = { timeout: 4000 };
type Obj = Record<string, unknown>;
const file = (id: string, extra: Obj = {}): Obj => ({
  id,
  name: `${id}.png`,
  folderId: 'media-root',
  mediaType: 'IMAGE',
  status: 'READY',
  url: `https://media.test/${id}.png`,
  thumbnailUrl: `https://media.test/${id}-t.png`,
  labels: [],
  ...extra,
});
const folder = (id: string, name: string, parentId = 'media-root'): Obj => ({ id, name, parentId });
const refusal = (status: number, code: string, data: Obj = {}) =>
  json(status, { message: code, details: { applicationError: { code, description: code, data } } });

let member: Member;
let files: Obj[];
let folders: Obj[];
let trash: Obj[];
let reply: (call: Call) => Response | Promise<Response> | undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  const custom = reply(call);
  if (custom) return custom;
  if (call.url === `${B}/v1/me`) return json(200, { kind: 'member', owner: true });
  if (call.url === `${M}/browse`) {
    const id = (call.body as { folderId?: string }).folderId ?? 'media-root';
    const here = folders.find((f) => f['id'] === id);
    return json(200, {
      folder: here ?? { id, name: '' },
      path: [],
      folders: folders.filter((f) => f['parentId'] === id),
      files: files.filter((f) => f['folderId'] === id),
    });
  }
  if (call.url === `${M}/trash`) return json(200, { folders: [], files: trash });
  if (call.url === `${M}/delete` || call.url === `${M}/restore`) {
    const b = call.body as { fileIds: string[]; folderIds: string[] };
    return json(200, { files: b.fileIds.length, folders: b.folderIds.length });
  }
  if (call.url === `${M}/upload-url`) return json(200, { uploadUrl: 'https://upload.test/u/1' });
  const patch = /\/admin\/media\/(files|folders)\/([^/]+)$/.exec(call.url);
  if (patch && call.method === 'PATCH') {
    const b = call.body as { displayName?: string; labels?: string[]; folderId?: string; parentId?: string };
    if (patch[1] === 'folders') return json(200, { folder: { ...folder(patch[2]!, b.displayName ?? 'x') } });
    const f = files.find((x) => x['id'] === patch[2])!;
    return json(200, {
      file: {
        ...f,
        ...(b.displayName ? { name: b.displayName } : {}),
        ...(b.labels ? { labels: b.labels } : {}),
        ...(b.folderId ? { folderId: b.folderId } : {}),
      },
    });
  }
  if (/\/download-url$/.test(call.url)) return json(200, { url: 'https://media.test/download/f-1?token=t' });
  const one = /\/admin\/media\/files\/([^/]+)$/.exec(call.url);
  if (one && call.method === 'GET') return json(200, { file: files.find((f) => f['id'] === one[1]) ?? file(one[1]!) });
  if (call.url === `${B}/v1/reviews/pending`)
    return json(200, {
      reviews: [
        {
          id: 'rv-1',
          namespace: 'stores',
          entityId: 'p-1',
          content: { rating: 2, body: 'Chipped' },
          author: { authorName: 'Ann' },
        },
      ],
    });
  if (call.url.includes('/stores-reader/v1/products/query'))
    return json(200, { products: [{ id: 'p-1', name: 'Enamel Camp Mug', slug: 'mug' }] });
  return json(500, { message: 'unexpected' });
});
const sent = (part: string) => net.calls.filter((c) => c.url.includes(part));

/** XMLHttpRequest as the upload sees it: progress, then the platform's answer. */
class FakeXhr {
  static sent: { url: string; body: unknown }[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  status = 0;
  responseText = '';
  url = '';
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: File) {
    FakeXhr.sent.push({ url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    // the bytes stay half sent until the test lets them finish
    FakeXhr.finish.push(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ file: { id: 'up-1' } });
      this.onload?.();
    });
  }
  static finish: (() => void)[] = [];
}

beforeEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/admin'); // (the console keeps its tab and open order in the page's URL)
  localStorage.clear();
  net.calls.length = 0;
  FakeXhr.sent = [];
  FakeXhr.finish = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  reply = () => undefined;
  folders = [folder('d-1', 'Mugs')];
  files = [
    file('f-1', { name: XSS }),
    file('f-2', { thumbnailUrl: 'javascript:alert(1)', url: 'javascript:alert(1)' }),
    file('f-3', { status: 'PENDING' }),
  ];
  trash = [file('t-1', { folderId: 'media-root' }), file('t-2')];
  member = { id: `owner-${Math.random()}`, loginEmail: 'owner@example.com', contact: {} } as Member;
  $session.set({ status: 'member', role: 'member', member });
});
afterEach(() => vi.unstubAllGlobals());

async function mount() {
  const { el, $, $$, context } = await mountWidget('inlay-admin', { section: 'media' }, net.fetch, {
    companion: B,
  });
  const text = () => el.shadowRoot!.textContent ?? '';
  const button = (name: RegExp) =>
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as
      HTMLButtonElement | undefined;
  const options = () => $$<HTMLElement>('[role=option]');
  await vi.waitFor(() => expect(options()).toHaveLength(4), slow);
  return { el, $, $$, text, button, options, context };
}
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
const input = (el: HTMLInputElement, value: string) => {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('<inlay-admin section="media">', () => {
  it('a listbox of folders and files: names as text, thumbnails only over http(s), statuses in words', async () => {
    const { $, $$, options } = await mount();
    expect($('[role=tab][aria-selected=true]')!.textContent).toBe('Media');
    const box = $('[role=listbox]')!;
    expect(box.getAttribute('aria-multiselectable')).toBe('true');
    expect(box.getAttribute('aria-labelledby')).toBeTruthy();
    const names = options().map((o) => o.querySelector('bdi')!.textContent);
    expect(names).toEqual(['Mugs', XSS, 'f-2.png', 'f-3.png']);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(options()[1]!.querySelector('img')!.getAttribute('src')).toBe('https://media.test/f-1-t.png');
    // a thumbnail that is not http(s) never reaches src
    expect(options()[2]!.querySelector('img')).toBeNull();
    expect($$('img').every((i) => /^https:/.test(i.getAttribute('src') ?? ''))).toBe(true);
    expect(options()[3]!.textContent).toContain('Processing');
    expect(options()[0]!.textContent).toContain('Folder');
  });

  it('right to left values keep their order: counts, outcomes, sizes and the search in isolated runs, names in their own direction', async () => {
    // a Hebrew folder and file, each with a number beside the letters ("ספלים 2" must not read "2 ספלים")
    folders = [folder('d-1', 'ספלים 2')];
    files = [file('f-1', { name: 'תמונה 3.png', sizeInBytes: '4096' }), file('f-2'), file('f-3')];
    reply = (c) => (c.url === `${M}/search` ? json(200, { folders: [], files: [files[0]] }) : undefined);
    const { $, $$, text, button, options } = await mount();
    // the count sentence is one isolated run ("4 items", never "items 4" on a right-to-left page)
    expect($('[part=selection] bdi')!.textContent).toBe('4 items');
    options()[1]!.querySelector<HTMLElement>('.tick')!.click();
    await vi.waitFor(() => expect($('[part=selection] bdi')!.textContent).toBe('1 selected'));
    // the move's choices take their own direction
    const choice = [...$<HTMLSelectElement>('select')!.options].find((o) => o.value === 'd-1')!;
    expect([choice.textContent, choice.getAttribute('dir')]).toEqual(['ספלים 2', 'auto']);
    // a file's size with its unit, isolated; its name isolated in the heading
    options()[1]!.click();
    await vi.waitFor(() => expect($('[part=details] h4')?.textContent).toBe(`Details of ${iso('תמונה 3.png')}`));
    expect($$('[part=details] .meta bdi').map((b) => b.textContent)).toContain('4 KB');
    // an outcome : the sentence is one isolated run
    button(/^Move to trash$/)!.click();
    await vi.waitFor(() => expect($('[part=note] bdi')!.textContent).toBe('1 item moved to the trash.'));
    // the search's words: a right-to-left query isolated inside its sentence, the sentence isolated
    const q = $<HTMLInputElement>('input[name=q]')!;
    input(q, 'תמונה 3');
    q.form!.requestSubmit();
    await vi.waitFor(() => expect(text()).toContain('Results for'));
    const said = $$('p.muted > bdi').find((b) => b.textContent!.startsWith('Results for'))!;
    expect(said.textContent).toBe('Results for “\u2068תמונה 3\u2069”');
  });

  it('keyboard: one tab stop; arrows move focus (mirrored right to left), Space selects, Enter opens a folder', async () => {
    const { $, options, text } = await mount();
    expect(options().map((o) => o.tabIndex)).toEqual([0, -1, -1, -1]);
    options()[0]!.focus();
    key(options()[0]!, 'ArrowRight');
    await vi.waitFor(() => expect(options().map((o) => o.tabIndex)).toEqual([-1, 0, -1, -1]));
    key(options()[1]!, ' ');
    await vi.waitFor(() => expect(options()[1]!.getAttribute('aria-selected')).toBe('true'));
    expect(text()).toContain('1 selected');
    // one of four ticked: "Select all" is mixed (indeterminate), neither ticked nor not
    const all = $<HTMLInputElement>('[part=selection] input[type=checkbox]')!;
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
    key(options()[1]!, 'End');
    await vi.waitFor(() => expect(options()[3]!.tabIndex).toBe(0));
    key(options()[3]!, 'Home');
    await vi.waitFor(() => expect(options()[0]!.tabIndex).toBe(0));
    key(options()[0]!, 'Enter');
    await vi.waitFor(() => expect(sent('/admin/media/browse').at(-1)!.body).toEqual({ folderId: 'd-1' }));
    await vi.waitFor(() => expect($('nav [aria-current=page]')?.textContent).toBe('Mugs'));
    // the grid's arithmetic: a row down is `cols` on, right to left mirrors the sides, the ends stop
    expect(moveIn('ArrowDown', 1, 10, 4, false)).toBe(5);
    expect(moveIn('ArrowRight', 1, 10, 4, true)).toBe(0);
    expect(moveIn('ArrowLeft', 1, 10, 4, true)).toBe(2);
    expect(moveIn('ArrowUp', 1, 10, 4, false)).toBe(0);
    expect(moveIn('x', 1, 10, 4, false)).toBeUndefined();
  });

  it('the page turning French after the section loaded: the section follows, its words French', async () => {
    const { context, text, button } = await mount();
    expect(button(/^Library$/)).toBeTruthy();
    addLanguage('fr', { ...frPack });
    context.$locale.set('fr');
    await vi.waitFor(() => expect(button(/^Bibliothèque$/)).toBeTruthy(), slow);
    expect(text()).toContain('Tout sélectionner');
  });

  it('a system folder is named in the page’s language, not by the English name the platform gives it', async () => {
    folders = [folder('visitor-uploads', 'Visitor uploads')];
    const { context, options } = await mount();
    const name = () => options()[0]!.querySelector('bdi')!.textContent;
    expect(name()).toBe('Visitor uploads');
    addLanguage('fr', { ...frPack });
    context.$locale.set('fr');
    await vi.waitFor(() => expect(name()).toBe('Envois des visiteurs'), slow);
  });

  it('rename a folder; a file labelled and moved to a folder; its download link shown when it cannot be copied', async () => {
    const { $, text, button, options } = await mount();
    const panel = () => $('[part=details]');
    // a folder: selected, then Rename opens its panel
    options()[0]!.querySelector<HTMLElement>('.tick')!.click();
    await vi.waitFor(() => expect(button(/^Rename$/)).toBeTruthy());
    button(/^Rename$/)!.click();
    await vi.waitFor(() => expect(panel()).toBeTruthy());
    input(panel()!.querySelector<HTMLInputElement>('input[name=name]')!, 'Cups');
    [...panel()!.querySelectorAll('button')].find((b) => b.textContent === 'Rename')!.click();
    await vi.waitFor(() =>
      expect(sent('/admin/media/folders/d-1').map((c) => c.body)).toEqual([{ displayName: 'Cups' }]),
    );
    await vi.waitFor(() => expect(options()[0]!.textContent).toContain('Cups'));

    // a file: its panel opens on a click; labels are split on commas, without repeats
    options()[2]!.click();
    await vi.waitFor(() => expect(panel()?.textContent).toContain(`Details of ${iso('f-2.png')}`));
    input(panel()!.querySelector<HTMLInputElement>('input[name=labels]')!, ' blue, mug ,blue,, ');
    [...panel()!.querySelectorAll('button')].find((b) => b.textContent === 'Save labels')!.click();
    await vi.waitFor(() =>
      expect(sent('/admin/media/files/f-2').map((c) => c.body)).toEqual([{ labels: ['blue', 'mug'] }]),
    );
    // the browser does not let the page copy: the link is shown to copy by hand (http(s) only)
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    [...panel()!.querySelectorAll('button')].find((b) => b.textContent === 'Copy download link')!.click();
    await vi.waitFor(() =>
      expect($<HTMLInputElement>('[part=link] input')?.value).toBe('https://media.test/download/f-1?token=t'),
    );

    // moved into the folder: it leaves the one shown
    options()[0]!.querySelector<HTMLElement>('.tick')!.click();
    options()[2]!.querySelector<HTMLElement>('.tick')!.click();
    await vi.waitFor(() => expect(text()).toContain('1 selected'));
    const target = $<HTMLSelectElement>('select')!;
    expect([...target.options].map((o) => o.textContent)).toEqual(['Library', 'Cups']);
    target.value = 'd-1';
    target.dispatchEvent(new Event('change', { bubbles: true }));
    button(/^Move$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Moved 1 item.'));
    expect(sent('/admin/media/files/f-2').at(-1)!.body).toEqual({ folderId: 'd-1' });
    expect(options().map((o) => o.querySelector('bdi')!.textContent)).not.toContain('f-2.png');
  });

  it('grid or list, remembered for the next visit', async () => {
    const first = await mount();
    expect(first.$('[role=listbox]')!.className).toBe('grid');
    first.button(/^List$/)!.click();
    await vi.waitFor(() => expect(first.$('[role=listbox]')!.className).toBe('list'));
    expect(first.button(/^List$/)!.getAttribute('aria-pressed')).toBe('true');
    document.body.replaceChildren();
    const again = await mount();
    expect(again.$('[role=listbox]')!.className).toBe('list');
  });

  it('uploads several files at once: each refusal in words (type, size), the others go with a progress bar', async () => {
    const { $, $$, text, options } = await mount();
    const picker = $<HTMLInputElement>('input[type=file]')!;
    expect(picker.multiple).toBe(true);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    const png = new File([new Uint8Array(68)], 'mug.png', { type: 'image/png' });
    files.push(file('up-1', { name: 'mug.png' }));
    Object.defineProperty(picker, 'files', { value: [big, svg, png], configurable: true });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(text()).toContain(`${iso('huge.png')} was not uploaded: it is larger than 5 MB.`);
    expect(text()).toContain(`${iso('logo.svg')} was not uploaded: only PNG, JPEG, GIF or WebP images.`);
    // only the good one asked for an upload URL, for the folder shown, with its type and size
    expect(sent('/upload-url').map((c) => c.body)).toEqual([
      { folderId: 'media-root', fileName: 'mug.png', mimeType: 'image/png', sizeInBytes: 68 },
    ]);
    expect(FakeXhr.sent[0]!.url).toBe('https://upload.test/u/1');
    const bar = await vi.waitFor(() => {
      const b = $$('[role=progressbar]')[0];
      expect(b?.getAttribute('value')).toBe('50');
      return b!;
    });
    expect(bar.getAttribute('aria-label')).toBe(`Uploading ${iso('mug.png')}`);
    FakeXhr.finish[0]!();
    await vi.waitFor(() => expect(options().map((o) => o.textContent)).toContain('mug.png'));
    expect(options()[0]!.textContent).toContain('mug.png');
    expect($$('[role=progressbar]')[0]!.getAttribute('aria-label')).toBe(`${iso('mug.png')} uploaded`);
  });

  it('files dropped on the section upload too; Escape closes a file’s panel and focus goes back to the grid', async () => {
    const { el, $, options } = await mount();
    const png = new File([new Uint8Array(68)], 'dropped.png', { type: 'image/png' });
    files.push(file('up-1', { name: 'dropped.png' }));
    // happy-dom has no `ondrop`, so Preact listens for the event by its JSX name (Chromium: tests/e2e/admin-media.test.ts)
    const drop = new Event('Drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [png] } });
    $('.md')!.dispatchEvent(drop);
    await vi.waitFor(() => expect(sent('/upload-url')).toHaveLength(1), slow);
    await vi.waitFor(() => expect(FakeXhr.sent.map((x) => (x.body as File).name)).toEqual(['dropped.png']));
    FakeXhr.finish[0]!();
    await vi.waitFor(() => expect(options()[0]!.textContent).toContain('dropped.png'));
    options()[0]!.click();
    const panel = await vi.waitFor(() => {
      const d = $('[part=details]');
      expect(d).toBeTruthy();
      return d!;
    });
    expect(el.shadowRoot!.activeElement?.tagName).toBe('H4');
    panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect($('[part=details]')).toBeNull());
    expect(el.shadowRoot!.activeElement?.getAttribute('role')).toBe('option');
  });

  it('import from a URL: a refusal is said in words and the address stays; a PENDING import is read until READY', async () => {
    const { $, text, button, options } = await mount();
    reply = (c) =>
      c.url === `${M}/import`
        ? (c.body as { url: string }).url.startsWith('http://127.')
          ? refusal(400, 'URL_NOT_ALLOWED', { reason: 'PRIVATE_ADDRESS' })
          : json(200, { file: file('im-1', { name: 'remote.png', status: 'PENDING' }) })
        : undefined;
    const field = $<HTMLInputElement>('input[type=url]')!;
    input(field, 'http://127.0.0.1/x.png');
    button(/^Import$/)!.click();
    await vi.waitFor(() =>
      expect(sent('/admin/media/import').map((c) => c.body)).toEqual([
        { url: 'http://127.0.0.1/x.png', folderId: 'media-root' },
      ]),
    );
    await vi.waitFor(() => expect(text()).toContain('This address is on a private network or this computer'));
    expect(field.value).toBe('http://127.0.0.1/x.png');
    files.push(file('im-1', { name: 'remote.png', status: 'READY' }));
    input(field, 'https://example.com/remote.png');
    button(/^Import$/)!.click();
    await vi.waitFor(() => expect(options()[0]!.textContent).toContain('Processing'));
    expect(field.value).toBe('');
    await vi.waitFor(() => expect(text()).toContain(`${iso('remote.png')} is ready.`), slow);
    expect(options()[0]!.textContent).not.toContain('Processing');
  });

  it('trash and delete for good: the confirmation names the count; restore brings them back', async () => {
    const { $, text, button, options } = await mount();
    options()[1]!.querySelector<HTMLElement>('.tick')!.click();
    options()[2]!.querySelector<HTMLElement>('.tick')!.click();
    await vi.waitFor(() => expect(text()).toContain('2 selected'));
    button(/^Move to trash$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('2 items moved to the trash.'));
    expect(sent('/admin/media/delete').map((c) => c.body)).toEqual([
      { fileIds: ['f-1', 'f-2'], folderIds: [], permanent: false },
    ]);
    expect(options()).toHaveLength(2);

    button(/^Trash$/)!.click();
    await vi.waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['t-1.png', 't-2.png']));
    expect(button(/^Move to trash$/)).toBeUndefined();
    options()[0]!.querySelector<HTMLElement>('.tick')!.click();
    await vi.waitFor(() => expect(button(/^Restore$/)).toBeTruthy());
    button(/^Restore$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('1 item restored.'));
    expect(sent('/admin/media/restore').map((c) => c.body)).toEqual([{ fileIds: ['t-1'], folderIds: [] }]);
    expect(options().map((o) => o.textContent)).toEqual(['t-2.png']);
    trash = [file('t-2')];
    const all = [
      ...document.querySelector('inlay-admin')!.shadowRoot!.querySelectorAll<HTMLInputElement>('.sel input'),
    ][0]!;
    all.click();
    await vi.waitFor(() => expect(text()).toContain('1 selected'));
    button(/^Delete for good$/)!.click();
    await vi.waitFor(() => expect(text()).toContain('Delete 1 item for good? It cannot be restored.'));
    // one isolated sentence: right to left, its count stays inside it
    expect($('form.confirm p')!.textContent).toBe('\u2068Delete 1 item for good? It cannot be restored.\u2069');
    expect(sent('/admin/media/delete')).toHaveLength(1);
    [...document.querySelector('inlay-admin')!.shadowRoot!.querySelectorAll('form.confirm button')][0]!.dispatchEvent(
      new MouseEvent('click', { bubbles: true }),
    );
    await vi.waitFor(() => expect(text()).toContain('1 item deleted for good.'));
    expect(sent('/admin/media/delete').at(-1)!.body).toEqual({
      fileIds: ['t-2'],
      folderIds: [],
      permanent: true,
    });
  });

  it('a visitor photo shows its review (product, author, stars) and opens it in the review queue', async () => {
    files.push(
      file('v-1', {
        folderId: 'visitor-uploads',
        review: { id: 'rv-1', namespace: 'stores', entityId: 'p-1', author: 'Ann', rating: 2, status: 'IN_MODERATION' },
      }),
    );
    const { el, text, button, options } = await mount();
    button(/^Visitor uploads$/)!.click();
    await vi.waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['v-1.pngPhoto of a review']));
    options()[0]!.click();
    await vi.waitFor(() => expect(text()).toContain('Enamel Camp Mug'));
    expect(text()).toContain('Ann');
    expect(text()).toContain('2 of 5 stars');
    expect(text()).toContain('Waiting for approval');
    button(/^Open in the review queue$/)!.click();
    await vi.waitFor(() =>
      expect(el.shadowRoot!.querySelector('[role=tab][aria-selected=true]')!.textContent).toBe('Reviews'),
    );
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[part=review][aria-current=true]')).toBeTruthy(), slow);
    expect(el.shadowRoot!.activeElement).toBe(el.shadowRoot!.querySelector('[part=review][aria-current=true]'));
  });

  it('a photo whose review was moderated meanwhile: the queue opens and says so', async () => {
    files.push(
      file('v-2', {
        folderId: 'visitor-uploads',
        review: { id: 'rv-gone', namespace: 'stores', entityId: 'p-1', rating: 5, status: 'IN_MODERATION' },
      }),
    );
    const { el, button, options } = await mount();
    button(/^Visitor uploads$/)!.click();
    await vi.waitFor(() => expect(options()).toHaveLength(1));
    options()[0]!.click();
    await vi.waitFor(() => expect(button(/^Open in the review queue$/)).toBeTruthy());
    button(/^Open in the review queue$/)!.click();
    await vi.waitFor(() =>
      expect(el.shadowRoot!.querySelector('[part=not-waiting]')?.textContent).toBe(
        'This review was already moderated.',
      ),
    );
    expect(el.shadowRoot!.querySelector('[part=review][aria-current=true]')).toBeNull();
  });
});
