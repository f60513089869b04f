import { start } from './start.ts';

// Module scripts have no document.currentScript: find our own tag by URL to read its data-* configuration.
const self = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) => s.src === import.meta.url);
start({ ...self?.dataset }, import.meta.url);
