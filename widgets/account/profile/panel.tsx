import { useEffect, useRef } from 'react';
import type { InlayContext } from '../../../core/context.ts';
import type { Emit } from '../../../core/events.ts';
import { profileStrings } from './public.tsx';
import { ProfileSection } from './view.tsx';

/**
 * `<inlay-login>`'s "Edit profile" panel: the account's profile (the same component, with the addresses) in the
 * header's surface, its title focused as it opens; Escape or × closes it.
 */
export function ProfilePanel({
  context,
  ids,
  emit,
  close,
}: {
  context: InlayContext;
  ids: string;
  emit: Emit;
  close: () => void;
}) {
  const t = context.i18n().strings(profileStrings);
  const title = useRef<HTMLParagraphElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div
      class="panel profile"
      part="panel profile"
      role="dialog"
      aria-labelledby={`${ids}pt`}
      onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), close())}
    >
      <div class="head">
        <p class="title" id={`${ids}pt`} ref={title} tabIndex={-1}>
          {t('profile.title')}
        </p>
        <button type="button" class="x" aria-label={t('profile.close')} onClick={close}>
          ×
        </button>
      </div>
      <ProfileSection context={context} ids={ids} emit={emit} addresses />
    </div>
  );
}
