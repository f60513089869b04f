import { afterEach, expect } from 'vitest';
import { takeUnexpectedErrors } from '../helpers/browser.ts';

// The browser suite fails on any console error a test did not expect.
afterEach(() => {
  expect(takeUnexpectedErrors(), 'console errors in the page').toEqual([]);
});
