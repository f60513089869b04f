import type { I18n } from '../../core/i18n/index.ts';
import { strings } from './strings.ts';

/**
 * What a part of the console shows before its content: bones while it loads, its failure in words with a retry, or
 * what it says when there is nothing (`empty`); `null` once it has content. The sections use it too (their chunks load
 * after this one).
 */
export function before(p: {
  i18n: I18n;
  status: 'loading' | 'ready' | 'error';
  error?: string;
  retry: () => void;
  empty?: string | false;
  bones?: number;
}) {
  return p.status === 'loading' ? (
    <div class="bones" aria-hidden="true">
      {Array.from({ length: p.bones ?? 2 }, (_, i) => (
        <div key={i} class="skeleton" />
      ))}
    </div>
  ) : p.status === 'error' ? (
    <p class="err" role="alert">
      {p.error}{' '}
      <button type="button" class="link" onClick={p.retry}>
        {p.i18n.strings(strings)('admin.retry')}
      </button>
    </p>
  ) : p.empty ? (
    <p class="empty" part="empty">
      {p.empty}
    </p>
  ) : null;
}
