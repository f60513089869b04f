import type { I18n } from '../../core/i18n/index.ts';
import { Bones, Failure } from '../../ui/states.tsx';
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
    <Bones rows={p.bones} />
  ) : p.status === 'error' ? (
    <Failure error={p.error} retry={p.retry} label={p.i18n.strings(strings)('admin.retry')} />
  ) : p.empty ? (
    <p class="empty" part="empty">
      {p.empty}
    </p>
  ) : null;
}
