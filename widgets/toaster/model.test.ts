import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToasts } from '../../core/stores/toasts.ts';
import { createToasterModel, LEAVE_MS } from './model.ts';

/** A page's toasts. */
const page = createToasts();
const { $toasts, dismiss, toast } = page;

const titles = (m: ReturnType<typeof createToasterModel>) =>
  m.$shown.get().map((s) => `${s.toast.title}${s.leaving ? ' (leaving)' : ''}`);

afterEach(() => {
  dismiss();
  vi.useRealTimers();
});

describe('toaster model', () => {
  it('the newest three; a dismissed one stays in its place for LEAVE_MS; one pushed out by a newer one goes at once', () => {
    vi.useFakeTimers();
    const m = createToasterModel(page);
    const [a, b] = [toast('one'), toast('two')];
    toast('three');
    dismiss(b);
    expect(titles(m)).toEqual(['one', 'two (leaving)', 'three']);
    vi.advanceTimersByTime(LEAVE_MS);
    expect(titles(m)).toEqual(['one', 'three']);
    toast('four');
    toast('five'); // "one" is pushed out, still in the store
    expect(titles(m)).toEqual(['three', 'four', 'five']);
    dismiss(a);
    expect(titles(m)).toEqual(['three', 'four', 'five']);
    m.stop();
    dismiss();
    expect(titles(m)).toEqual([]); // stopped: nothing kept to fade out
  });

  it('an action runs once and its toast goes', () => {
    const m = createToasterModel(page);
    const undo = vi.fn();
    toast.success('Removed', { action: { label: 'Undo', onClick: undo } });
    m.act($toasts.get()[0]!);
    expect(undo).toHaveBeenCalledTimes(1);
    expect($toasts.get()).toEqual([]);
    m.stop();
  });
});
