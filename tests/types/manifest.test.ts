/**
 * custom-elements.json and types/*.d.ts are generated from the sources (scripts/manifest.ts) and committed: they
 * must equal a fresh generation, list every registered tag with what the public contract promises, and follow a
 * change in the sources.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, registeredWidgets, ROOT } from '../../scripts/manifest.ts';
import { registry } from '../../widgets/registry.ts';

interface Decl {
  tagName: string;
  attributes: { name: string; type: { text: string }; description: string }[];
  members: { name: string; attribute?: string }[];
  events: { name: string; type: { text: string }; description: string }[];
  cssParts: { name: string }[];
  cssProperties: { name: string; default: string }[];
}
const declarations = (json: string) =>
  (JSON.parse(json) as { modules: { declarations: Decl[] }[] }).modules.flatMap((m) => m.declarations);

// The public contract (README, "Elements" and "Events"; renaming any of it is a breaking change: CHANGELOG): key
// attributes and the events each element fires.
const contract: Record<string, { attributes: string[]; events: string[] }> = {
  'inlay-login': {
    attributes: ['view', 'hosted', 'account-url'],
    events: ['inlay-login', 'inlay-logout', 'inlay-error'],
  },
  'inlay-account': {
    attributes: ['section', 'shop-url', 'content-assignee'],
    events: ['inlay-account-navigate', 'inlay-account-delete', 'inlay-error'],
  },
  'inlay-admin': { attributes: ['section'], events: ['inlay-error'] },
  'inlay-reviews': {
    attributes: ['product-id', 'namespace', 'entity-id', 'page-size', 'no-form'],
    events: ['inlay-review-submit', 'inlay-error'],
  },
  'inlay-rating': { attributes: ['product-id'], events: ['inlay-error'] },
  'inlay-cart': {
    attributes: ['open', 'thank-you-url'],
    events: ['inlay-cart-change', 'inlay-checkout', 'inlay-error'],
  },
  'inlay-add-to-cart': {
    attributes: ['product-id', 'variant-id', 'quantity', 'no-open'],
    events: ['inlay-cart-change', 'inlay-error'],
  },
  'inlay-back-in-stock': {
    attributes: ['product-id', 'variant-id', 'always'],
    events: ['inlay-stock-subscribe', 'inlay-error'],
  },
  'inlay-recommendations': { attributes: ['product-id', 'algorithm', 'limit'], events: ['inlay-error'] },
  // the page's notifications: no attributes of its own
  'inlay-toaster': { attributes: [], events: ['inlay-error'] },
};
const tokens = [
  'font',
  'color-text',
  'color-bg',
  'color-muted',
  'color-border',
  'color-accent',
  'color-accent-text',
  'color-danger',
  'color-star',
  'radius',
  'space',
  'shadow',
].map((t) => `--inlay-${t}`);

describe('custom-elements.json and types/', { timeout: 120_000 }, () => {
  let generated: Record<string, string>;
  beforeAll(() => {
    generated = generate();
  }, 120_000);

  it('the committed files equal a fresh generation from the sources (run `npm run manifest` after changing a widget)', () => {
    expect(Object.keys(generated).sort()).toEqual([
      'custom-elements.json',
      'types/inlay.d.ts',
      'types/preact.d.ts',
      'types/react.d.ts',
    ]);
    for (const [path, text] of Object.entries(generated))
      expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(text);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.types).toBe('types/inlay.d.ts');
  });

  it('every widget folder has its one record in widgets/registry.ts, tagged inlay-<folder>', () => {
    const records = registeredWidgets();
    expect(records.map((r) => r.tag).sort()).toEqual(Object.keys(registry).sort());
    for (const r of records) expect(r.tag).toBe(`inlay-${r.dir}`);
  });

  it('every registered tag, with its contract attributes (typed, described, also properties) and events', () => {
    const decls = declarations(generated['custom-elements.json']!);
    expect(decls.map((d) => d.tagName).sort()).toEqual(Object.keys(registry).sort());
    for (const d of decls) {
      expect(contract, `${d.tagName}: write its public contract in this test's \`contract\` table`).toHaveProperty([
        d.tagName,
      ]);
      const c = contract[d.tagName]!;
      expect(d.attributes.map((a) => a.name).sort(), d.tagName).toEqual([...c.attributes, 'loading'].sort());
      // the loader's attribute, on every tag: not a property of the element
      const loading = d.attributes.find((a) => a.name === 'loading')!;
      expect(loading.type.text).toBe("'eager' | 'lazy'");
      expect(loading).not.toHaveProperty('fieldName');
      expect(d.members.find((m) => m.attribute === 'loading')).toBeUndefined();
      const own = d.attributes.filter((a) => a !== loading);
      if (d.tagName !== 'inlay-toaster') expect(own.length, d.tagName).toBeGreaterThanOrEqual(1);
      for (const a of own) {
        expect(['string', 'number', 'boolean'], `${d.tagName} ${a.name}`).toContain(a.type.text);
        expect(a.description.length, `${d.tagName} ${a.name}`).toBeGreaterThan(10);
        expect(
          d.members.find((m) => m.attribute === a.name),
          `${d.tagName} ${a.name} property`,
        ).toBeTruthy();
      }
      expect(d.events.map((e) => e.name).sort(), d.tagName).toEqual([...c.events].sort());
      for (const e of d.events) expect(e.type.text).toMatch(/^CustomEvent<Inlay\w+Detail>$/);
      expect(d.cssProperties.map((p) => p.name).sort(), d.tagName).toEqual([...tokens].sort());
      expect(
        d.cssParts.map((p) => p.name),
        d.tagName,
      ).toContain('error');
    }
    const byTag = new Map(decls.map((d) => [d.tagName, d]));
    expect(byTag.get('inlay-recommendations')!.attributes.find((a) => a.name === 'limit')!.type.text).toBe('number');
    expect(byTag.get('inlay-cart')!.cssParts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['button', 'badge', 'drawer', 'checkout']),
    );
    expect(byTag.get('inlay-toaster')!.cssParts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['toast', 'toast-success', 'toast-error', 'toast-close']),
    );
    expect(byTag.get('inlay-add-to-cart')!.cssProperties.find((p) => p.name === '--inlay-radius')!.default).toBe('8px');
  });

  it('the declarations name every tag, event detail and window.Inlay', () => {
    const dts = generated['types/inlay.d.ts']!;
    const decls = declarations(generated['custom-elements.json']!);
    for (const d of decls) {
      expect(dts).toMatch(new RegExp(`'${d.tagName}': Inlay\\w+Element;`));
      expect(generated['types/preact.d.ts']).toContain(`'${d.tagName}':`);
      expect(generated['types/react.d.ts']).toContain(`'${d.tagName}':`);
      for (const e of d.events) expect(dts).toContain(`'${e.name}': CustomEvent<${/<(\w+)>/.exec(e.type.text)![1]}>;`);
    }
    expect(dts).toContain('Inlay?: InlayGlobal;');
  });

  describe('a widget folder without its record', () => {
    let tmp: string;
    beforeAll(() => {
      tmp = mkdtempSync(join(tmpdir(), 'inlay-registry-'));
      cpSync(join(ROOT, 'widgets'), join(tmp, 'widgets'), { recursive: true });
      mkdirSync(join(tmp, 'widgets/zzz'));
      writeFileSync(join(tmp, 'widgets/zzz/element.ts'), '');
    });
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    it('fails the registry check and so the manifest, naming the folder', () => {
      expect(() => registeredWidgets(tmp)).toThrow('widgets/zzz has no record in widgets/registry.ts');
      expect(() => generate(tmp)).toThrow('widgets/zzz has no record');
      // a record for it (tag inlay-zzz, its element chunk) is what the check asks for
      const path = join(tmp, 'widgets/registry.ts');
      const text = readFileSync(path, 'utf8');
      const line = "  'inlay-toaster': [() => import('./toaster/element.ts'), 'display:none'],\n";
      expect(text).toContain(line);
      writeFileSync(
        path,
        text.replace(line, line + "  'inlay-zzz': [() => import('./zzz/element.ts'), 'display:block'],\n"),
      );
      expect(registeredWidgets(tmp).map((r) => r.tag)).toContain('inlay-zzz');
      // a record whose tag is not its folder's
      writeFileSync(
        path,
        text.replace(line, line + "  'inlay-other': [() => import('./zzz/element.ts'), 'display:block'],\n"),
      );
      expect(() => registeredWidgets(tmp)).toThrow('inlay-other loads widgets/zzz');
    });
  });

  describe('follows the sources', () => {
    let tmp: string;
    beforeAll(() => {
      tmp = mkdtempSync(join(tmpdir(), 'inlay-manifest-'));
      for (const dir of ['core', 'widgets']) cpSync(join(ROOT, dir), join(tmp, dir), { recursive: true });
      cpSync(join(ROOT, 'tsconfig.json'), join(tmp, 'tsconfig.json'));
      symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'));
      const edit = (path: string, from: string, to: string) => {
        const text = readFileSync(join(tmp, path), 'utf8');
        expect(text, path).toContain(from);
        writeFileSync(join(tmp, path), text.replace(from, to));
      };
      edit(
        'widgets/rating/view.tsx',
        '/** The Stores product whose rating is shown. */',
        '/** Changed description. */',
      );
      edit('widgets/rating/view.tsx', '<span part="root" />', '<span part="root placeholder" />');
      edit(
        'widgets/rating/element.ts',
        "props: { productId: 'string' }",
        "props: { productId: 'string', size: 'number' }",
      );
      edit(
        'widgets/rating/view.tsx',
        '  productId?: string;\n}',
        '  productId?: string;\n  /** Star size in pixels. */\n  size?: number;\n}',
      );
      edit(
        'widgets/rating/view.tsx',
        'export function RatingView({ productId, context }: RatingProps & WidgetProps) {',
        "export function RatingView({ productId, context, emit }: RatingProps & WidgetProps) {\n  if (!productId) emit('inlay-logout', {});",
      );
      edit(
        'core/theme.ts',
        '--_radius:var(--inlay-radius,8px)',
        '--_radius:var(--inlay-radius,12px);--_gap:var(--inlay-gap,calc(2px + 1px))',
      );
    });
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    it('attributes, descriptions, parts, events and custom properties come from the code', () => {
      const out = generate(tmp);
      const rating = declarations(out['custom-elements.json']!).find((d) => d.tagName === 'inlay-rating')!;
      expect(rating.attributes.map((a) => [a.name, a.type.text, a.description])).toEqual([
        ['product-id', 'string', 'Changed description.'],
        ['size', 'number', 'Star size in pixels.'],
        ['loading', "'eager' | 'lazy'", expect.stringContaining('half a screen of the viewport')],
      ]);
      expect(rating.cssParts.map((p) => p.name)).toContain('placeholder');
      expect(rating.events.map((e) => e.name)).toContain('inlay-logout');
      expect(rating.cssProperties).toContainEqual({ name: '--inlay-gap', default: 'calc(2px + 1px)' });
      expect(rating.cssProperties).toContainEqual({ name: '--inlay-radius', default: '12px' });
      expect(out['types/inlay.d.ts']).toContain('size?: number | `${number}`;');
    });
  });
});
