/**
 * `inlay/react` has a component for every element: react/elements.ts is generated from custom-elements.json
 * (scripts/react-elements.ts, run by `npm run manifest`), must equal a fresh generation, and the package's entry
 * (react/index.tsx) exports a component for every tag of widgets/registry.ts, with a listener for each of its events.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementDeclarations, eventProp, REACT_ELEMENTS, renderReactElements } from '../../scripts/react-elements.ts';
import { registry } from '../../widgets/registry.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifest = read('custom-elements.json');
const elements = elementDeclarations(manifest);

describe('inlay/react covers every element', () => {
  let react: Record<string, unknown>;
  let eventProps: Record<string, string>;
  beforeAll(async () => {
    // imported by path: React 19 code, which the root tsconfig (React mapped to preact/compat) must not compile
    react = (await import(join(ROOT, 'react/index.tsx'))) as Record<string, unknown>;
    ({ EVENT_PROPS: eventProps } = (await import(join(ROOT, 'react/inlay-element.ts'))) as {
      EVENT_PROPS: Record<string, string>;
    });
  });

  it(`${REACT_ELEMENTS} equals a fresh generation from custom-elements.json (run \`npm run manifest\`)`, () => {
    expect(read(REACT_ELEMENTS)).toBe(renderReactElements(manifest));
  });

  it('every tag of widgets/registry.ts has its element in custom-elements.json, and so its component', () => {
    for (const tag of Object.keys(registry)) {
      const element = elements.find((e) => e.tagName === tag);
      expect(element, `${tag} is not in custom-elements.json: run \`npm run manifest\``).toBeDefined();
      expect(typeof react[element!.name], `${tag} has no component ${element!.name} in inlay/react`).toBe('function');
    }
    expect(elements.map((e) => e.tagName).sort()).toEqual(Object.keys(registry).sort());
  });

  it('inlay/react exports a component for each element, typed by its element type in types/inlay.d.ts', () => {
    const types = read('types/inlay.d.ts');
    for (const { tagName, name } of elements) {
      const component = react[name] as ((props: object) => unknown) & { displayName?: string };
      expect(typeof component, `<${tagName}> has no component ${name} in inlay/react`).toBe('function');
      expect(component.displayName, name).toBe(name);
      expect(types, `types/inlay.d.ts has no ${name}Element`).toMatch(
        new RegExp(`^export (interface|type) ${name}Element\\b`, 'm'),
      );
    }
    // nothing else named like a component: one per element, no leftover of a removed one
    const components = Object.keys(react).filter((k) => /^Inlay[A-Z]/.test(k) && typeof react[k] === 'function');
    expect(components.filter((k) => k !== 'InlayScript').sort()).toEqual(elements.map((e) => e.name).sort());
  });

  it("every element's event has its `onInlay…` prop, which each component listens to", () => {
    for (const { tagName, events } of elements)
      for (const { name } of events) expect(eventProps[name], `${tagName}: ${name}`).toBe(eventProp(name));
  });
});
