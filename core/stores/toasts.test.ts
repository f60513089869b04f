import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToasts } from './toasts.ts';

const { $toasts, dismiss, pauseToasts, resumeToasts, toast, update } = createToasts();

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  dismiss();
  resumeToasts();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('auto-dismisses after 4000 ms', () => {
    const id = toast.success('Added to cart', { description: '1 item' });
    expect($toasts.get()).toEqual([
      { id, type: 'success', title: 'Added to cart', description: '1 item', duration: 4000 },
    ]);
    vi.advanceTimersByTime(3999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('has a helper per type, and a plain form', () => {
    toast.info('i');
    toast.warning('w');
    toast.error('e');
    toast('plain');
    expect($toasts.get().map((t) => t.type)).toEqual(['info', 'warning', 'error', 'info']);
  });

  it('loading toasts persist until updated, then follow the new duration', () => {
    const id = toast.loading('Saving…');
    expect($toasts.get()[0]).toMatchObject({ type: 'loading', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    update(id, { type: 'success', title: 'Saved' });
    expect($toasts.get()[0]).toMatchObject({ id, type: 'success', title: 'Saved', duration: 4000 });
    vi.advanceTimersByTime(4000);
    expect($toasts.get()).toEqual([]);
  });

  it('honours a custom duration and an action; dismiss removes one', () => {
    const onClick = vi.fn();
    const a = toast.error('Failed', { duration: 10_000, action: { label: 'Try again', onClick } });
    const b = toast.info('Other');
    dismiss(b);
    expect($toasts.get().map((t) => t.id)).toEqual([a]);
    vi.advanceTimersByTime(9999);
    expect($toasts.get()[0]!.action?.label).toBe('Try again');
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('a toast with an action stays until dismissed; without the action it follows the usual duration again', () => {
    const id = toast.error('Couldn’t add to cart', { action: { label: 'Try again', onClick: () => {} } });
    expect($toasts.get()[0]).toMatchObject({ duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    update(id, { action: undefined });
    vi.advanceTimersByTime(4000);
    expect($toasts.get()).toEqual([]);
  });

  it('the same id replaces a toast instead of stacking', () => {
    toast({ id: 'net', title: 'Offline', type: 'warning' });
    toast({ id: 'net', title: 'Still offline', type: 'warning' });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]!.title).toBe('Still offline');
  });

  it('pause holds the timers and resume continues with the time left', () => {
    toast.success('x');
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    resumeToasts();
    vi.advanceTimersByTime(999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });
});
