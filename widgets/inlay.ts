import { start } from './start.ts';

// Classic build (inlay.js): everything in one IIFE; document.currentScript is our tag while it first runs.
const self = document.currentScript as HTMLScriptElement | null;
start({ ...self?.dataset });
