import { describe, expect, it } from 'vitest';
import { contactSheet, shotName, type StateResult } from './gallery-sheet.ts';

const HOSTILE = `<img src=x onerror="alert(1)">&'`;

const state = (over: Partial<StateResult> = {}): StateResult => ({
  id: 'reviews-list',
  group: 'Reviews',
  title: 'List',
  caption: 'seeded reviews',
  shots: [
    {
      width: 375,
      scheme: 'light',
      file: shotName('reviews-list', 375, 'light'),
      size: { width: 375, height: 900 },
      ms: 1200,
    },
    { width: 375, scheme: 'dark', error: 'locator.click: Timeout 15000ms exceeded', ms: 15000 },
  ],
  ...over,
});

describe('the gallery contact sheet', () => {
  it('names shots <state>--<width>-<scheme>.png', () => {
    expect(shotName('cart-empty', 1280, 'dark')).toBe('cart-empty--1280-dark.png');
  });

  it('escapes every text it puts in HTML: title, summary, group, state title, caption, errors, page errors', () => {
    const out = contactSheet({
      title: HOSTILE,
      summary: HOSTILE,
      states: [
        state({
          group: HOSTILE,
          title: HOSTILE,
          caption: HOSTILE,
          shots: [
            { width: 375, scheme: 'light', file: 'a.png', pageErrors: [HOSTILE], ms: 1 },
            { width: 1280, scheme: 'dark', error: HOSTILE, ms: 1 },
          ],
        }),
      ],
    });
    expect(out).not.toContain('<img src=x');
    expect(out).not.toContain('onerror="');
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    // only the sheet's own tags: no element came from the data
    const tags = new Set([...out.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(
      [
        'a',
        'body',
        'code',
        'div',
        'figcaption',
        'figure',
        'h1',
        'h2',
        'h3',
        'head',
        'header',
        'html',
        'img',
        'li',
        'main',
        'meta',
        'nav',
        'p',
        'section',
        'span',
        'strong',
        'style',
        'title',
        'ul',
      ].sort(),
    );
  });

  it('puts file names and ids in attributes escaped and URL-encoded', () => {
    const out = contactSheet({
      title: 't',
      summary: 's',
      states: [
        state({
          id: `x" onmouseover="alert(1)`,
          shots: [{ width: 375, scheme: 'light', file: `javascript:alert(1)" x=".png`, ms: 1 }],
        }),
      ],
    });
    expect(out).not.toContain('onmouseover="');
    expect(out).toContain('id="x&quot; onmouseover=&quot;alert(1)"');
    expect(out).toContain('src="javascript%3Aalert(1)%22%20x%3D%22.png"');
    expect(out).not.toMatch(/(src|href)="javascript:/);
  });

  it('shows each state with its four variants, a failed one with its error, and an element shot at the viewport’s scale', () => {
    const out = contactSheet({ title: 't', summary: 's', states: [state()] });
    expect(out).toContain('<section class="state has-failed" id="reviews-list">');
    expect(out).toContain('src="reviews-list--375-light.png"');
    expect(out).toContain('width="375" height="900" style="width: 100.00%"');
    expect(out).toContain('375 px, dark: <strong>failed</strong>');
    expect(out).toContain('locator.click: Timeout 15000ms exceeded');
    const narrow = contactSheet({
      title: 't',
      summary: 's',
      states: [
        state({ shots: [{ width: 1280, scheme: 'light', file: 'f.png', size: { width: 640, height: 10 }, ms: 1 }] }),
      ],
    });
    expect(narrow).toContain('style="width: 50.00%"');
  });
});
