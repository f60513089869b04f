import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { ToasterView } from './view.tsx';
import { $toasts, dismiss, toast } from '../../core/stores/toasts.ts';
import { emitFrom } from '../../core/events.ts';

const props = () => ({ host: document.body, emit: emitFrom(document.body) });

afterEach(() => {
  cleanup();
  dismiss();
  vi.useRealTimers();
});

describe('toaster view', () => {
  it('has a labelled live region before any toast arrives', () => {
    render(<ToasterView {...props()} />);
    const region = screen.getByRole('region', { name: /Notifications \(Alt\+T\)/ });
    expect(region.querySelector('[aria-live=polite]')).not.toBeNull();
  });

  it('shows at most 3 toasts, the newest ones', async () => {
    render(<ToasterView {...props()} />);
    act(() => {
      for (const t of ['one', 'two', 'three', 'four']) toast.info(t);
    });
    const titles = [...document.querySelectorAll('.title')].map((e) => e.textContent);
    expect(titles).toEqual(['two', 'three', 'four']);
  });

  it('close and action buttons dismiss; the action runs once', () => {
    render(<ToasterView {...props()} />);
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
    render(<ToasterView {...props()} />);
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

  it('Alt+T moves focus to the region', () => {
    render(<ToasterView {...props()} />);
    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    expect(document.activeElement).toBe(screen.getByRole('region'));
  });
});
