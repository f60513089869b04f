import type { TaxGroup } from './model.ts';
import { readName } from './form-model.ts';
import { type Ctx, Refusal } from './parts.tsx';

/** A group's name form (new, or a rename); no money changes by a name: no question. */
export function GroupName({ c, k, g, onDone }: { c: Ctx; k: string; g?: TaxGroup; onDone: () => void }) {
  const { t } = c;
  const w = c.writes[k];
  return (
    <form
      class="edit"
      aria-label={g ? t('tax.renameGroup', { name: g.name }) : t('tax.addGroup')}
      onSubmit={(e) => {
        e.preventDefault();
        const name = readName(e.currentTarget as HTMLFormElement);
        if (!name) return;
        void (g ? c.model.renameGroup(g, name) : c.model.addGroup(name)).then((ok) => ok && onDone());
      }}
    >
      <label>
        {t('tax.groupName')}
        <input name="name" dir="auto" required maxLength={200} autoComplete="off" defaultValue={g?.name ?? ''} />
      </label>
      <Refusal c={c} w={w} />
      <div class="actions">
        <button type="submit" class="btn primary" aria-busy={w?.busy || undefined}>
          {w?.busy ? t('tax.saving') : t('tax.save')}
        </button>
        <button type="button" class="btn" onClick={() => (c.model.clear(k), onDone())}>
          {t('tax.cancel')}
        </button>
      </div>
    </form>
  );
}
