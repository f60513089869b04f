// The core first in the one file, in the order the widgets use it (it is all one script: nothing changes at run
// time): the widgets' code then compresses against it.
import '../core/element.ts';
import '../core/boot.ts';
import { start } from './start.ts';

// Classic build (inlay.js): everything in one IIFE; document.currentScript is our tag while it first runs.
const self = document.currentScript as HTMLScriptElement | null;
start({ ...self?.dataset });
