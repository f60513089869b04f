import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { ToasterView, items } from './view.tsx';
import { toastsOf } from '../../core/stores/toasts.ts';
import { emitFrom } from '../../core/events.ts';
import { testContext } from '../../tests/helpers/context.ts';

/** The toaster itself makes no request: a page whose platform is out of reach. */
const context = testContext(() => Promise.reject(new Error('offline')));
const { $toasts, dismiss, toast, update } = toastsOf(context.client);
const props = () => ({ host: document.body, emit: emitFrom(document.body), context });
const Toaster = () => <ToasterView {...props()} />;

// the toasts' own chunk, loaded with a page's first toast: here once, before the views that show them
beforeAll(async () => void (await items.load()));

afterEach(() => {
  cleanup();
  dismiss();
  vi.useRealTimers();
});

describe('toaster view', () => {
  it('has a labelled live region before any toast arrives', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: /Notifications \(Alt\+T\)/ });
    expect(region.querySelector('[aria-live=polite]')).not.toBeNull();
  });

  it('shows at most 3 toasts, the newest ones', async () => {
    render(<Toaster />);
    act(() => {
      for (const t of ['one', 'two', 'three', 'four']) toast.info(t);
    });
    const titles = [...document.querySelectorAll('.title')].map((e) => e.textContent);
    expect(titles).toEqual(['two', 'three', 'four']);
  });

  it('close and action buttons dismiss; the action runs once', () => {
    render(<Toaster />);
    const undo = vi.fn();
    act(() => {
      toast.success('Removed', { action: { label: 'Undo', onClick: undo } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect($toasts.get()).toEqual([]);
    act(() => {
      toast.error('Failed');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($toasts.get()).toEqual([]);
  });

  it('pauses the 4000 ms timer while hovered', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info('Saved');
    });
    const region = screen.getByRole('region');
    fireEvent.mouseEnter(region);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect($toasts.get()).toHaveLength(1);
    fireEvent.mouseLeave(region);
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect($toasts.get()).toHaveLength(0);
  });

  it('a dismissed toast stays in place, inert and hidden from screen readers, while it fades out; then it goes', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info('one');
      toast.info('two');
    });
    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    });
    const items = [...document.querySelectorAll('li')];
    expect(
      items.map((li) => [
        li.querySelector('.title')?.textContent,
        li.hasAttribute('data-leaving'),
        li.getAttribute('aria-hidden'),
        li.inert,
      ]),
    ).toEqual([
      ['one', true, 'true', true],
      ['two', false, null, false],
    ]);
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect([...document.querySelectorAll('.title')].map((e) => e.textContent)).toEqual(['two']);
  });

  it('a toast that changes (loading → success) is the same toast: nothing leaves', () => {
    render(<Toaster />);
    let id = '';
    act(() => void (id = toast.loading('Saving…')));
    act(() => update(id, { type: 'success', title: 'Saved' }));
    expect(
      [...document.querySelectorAll('li')].map((li) => [
        li.querySelector('.title')?.textContent,
        li.hasAttribute('data-leaving'),
      ]),
    ).toEqual([['Saved', false]]);
  });

  it('Alt+T moves focus to the region', () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    expect(document.activeElement).toBe(screen.getByRole('region'));
  });
});
