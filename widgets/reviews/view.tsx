import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { sessionOf } from '../../core/stores/session.ts';
import { reviewsOnPage } from '../../core/reads/review-summary.ts';
import { createReviewsModel } from './model.ts';
import { storageKey } from '../../core/storage.ts';
import { jsonLd, syncJsonLd } from './json-ld.ts';
import { strings } from './strings.ts';
import { CHECK, Icon } from './icons.tsx';
import { Item } from './item.tsx';
import { reduceMotion, SkeletonReview } from './parts.tsx';
import { Summary, Tools } from './summary.tsx';
import type { FormProps } from './review-form.tsx';

type Owner = typeof import('./review-owner.tsx');

export interface ReviewsProps {
  /** The Stores product reviewed (same as `namespace="stores"` with this `entity-id`). */
  productId?: string;
  /** The reviews namespace, with `entity-id`, for anything other than a Stores product. */
  namespace?: string;
  /** The entity reviewed within `namespace`. */
  entityId?: string;
  /**
   * Reviews per page (1 to 100).
   * @default 5
   */
  pageSize?: number;
  /** Hide the "write a review" form. */
  noForm?: boolean;
}

/** `<inlay-reviews>`: summary + histogram filter, sortable paged list with photos and replies, form, owner moderation. */
export function ReviewsView(props: ReviewsProps & WidgetProps) {
  const { productId, namespace, entityId, pageSize, noForm, host, context } = props;
  const { i18n } = context;
  const t = i18n().strings(strings);
  const model = useMemo(() => createReviewsModel(context, props), [productId, namespace, entityId, pageSize]);
  const { ns, id } = model;
  const summary = useStore(model.$summary);
  const list = useStore(model.$list);
  const staff = useStore(model.$staff);
  const { rating, photos: photosOnly } = useStore(model.$filter);
  const sent = useStore(model.$sent);
  const session = useStore(sessionOf(context.client));
  const member = session.role === 'member' ? session.member : undefined;
  const companion = !!context.client.config.companion;
  const product = useStore(model.$product);
  // The form is its own chunk, loaded on "Write a review" (at once when this tab holds a draft for the item).
  const [formOpen, setFormOpen] = useState(() => {
    try {
      return !!sessionStorage.getItem(storageKey('reviews.draft', `${ns}:${id}`));
    } catch {
      return false;
    }
  });
  const [Form, setForm] = useState<ComponentType<FormProps>>();
  const [formError, setFormError] = useState<unknown>();
  useEffect(() => {
    if (formOpen && !Form) {
      setFormError(undefined);
      import('./review-form.tsx').then((m) => setForm(() => m.ReviewForm), setFormError);
    }
  }, [formOpen, Form]);
  // the member's send comes with the form, for whoever will send as a member: a visitor sends through the companion
  // where the page names one, and signs in first where it does not
  const sendsAsMember = !!member || !companion;
  useEffect(() => {
    if (formOpen && sendsAsMember) model.warmSend();
  }, [formOpen, sendsAsMember, model]);
  const ids = useId();
  const revealAgain = useRef(false);
  const toTop = () => host.scrollIntoView({ behavior: reduceMotion() ? 'auto' : 'smooth', block: 'start' });
  const heading = useRef<HTMLHeadingElement>(null);
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (list.loading || !revealAgain.current) return;
    revealAgain.current = false;
    // not if the shopper has moved on meanwhile (focus left the heading)
    if (host.shadowRoot?.activeElement === heading.current) toTop();
  }, [list.loading]);

  useEffect(() => {
    if (!model.ok) return;
    void model.load();
    // <inlay-rating> for this item links here: into view, focus on the heading.
    const off = reviewsOnPage(context.client, `${ns}:${id}`, () => {
      toTop();
      heading.current?.focus({ preventScroll: true });
      // asked for while the first page is on its way (a lazy widget just loaded): the page may still be too short
      // to bring it to the top, so once more when it has arrived
      revealAgain.current = model.$list.get().loading;
    });
    return () => (model.dispose(), off(), (revealAgain.current = false));
  }, [model]);
  useEffect(
    () => void (model.ok && model.probeStaff(session.role === 'member', member?.id)),
    [model, session.role, member?.id],
  );
  // Moderation is its own chunk, loaded for owners only.
  const [owner, setOwner] = useState<Owner>();
  useEffect(() => {
    if (staff && !owner)
      import('./review-owner.tsx').then(setOwner, (e: unknown) => model.toast.error(i18n().error(e)));
  }, [staff, owner]);
  // The thank-you takes the form's place, and its focus.
  useEffect(() => void (sent && note.current?.focus()), [sent]);

  // JSON-LD for the shown item in the host document's head, kept in sync, removed on disconnect.
  // A Stores product's own name once read (the page's title only if that read failed): never a guess that a crawler
  // could take before the name arrives.
  const named = !productId || !!product.data || !!product.error;
  const name = product.data?.name ?? (document.title || id);
  useEffect(() => {
    if (id && named) syncJsonLd(id, summary.data ? jsonLd(name, summary.data, list.reviews) : undefined);
  }, [id, named, name, summary.data, list.reviews]);
  useEffect(() => () => syncJsonLd(id, undefined), [id]);

  if (!model.ok) return <div part="root" />;
  const s = summary.data;
  const filtered = !!rating || photosOnly;
  const write =
    !noForm && !formOpen && !sent ? (
      <button type="button" part="write" class="primary write" onClick={() => setFormOpen(true)}>
        {t(s?.count ? 'rev.write' : 'rev.writeFirst')}
      </button>
    ) : null;
  const approved = sent?.moderation?.moderationStatus === 'APPROVED';
  const loadingFirst = list.loading && !list.reviews.length && !(s && !s.count);

  return (
    <section part="root" class={loadingFirst ? 'root wait' : 'root'} aria-labelledby={`${ids}h`}>
      <h2 id={`${ids}h`} class="h" ref={heading} tabIndex={-1}>
        {t('rev.heading')}
      </h2>
      {summary.error && !s ? (
        <p class="err" role="alert">
          {i18n().error(summary.error)}{' '}
          <button type="button" class="link" onClick={() => model.refresh()}>
            {t('action.retry')}
          </button>
        </p>
      ) : !s ? (
        <div class="skeleton sk-sum" aria-hidden="true" />
      ) : s.count ? (
        <Summary s={s} rating={rating} t={t} i18n={i18n} model={model}>
          {write}
        </Summary>
      ) : !sent ? (
        <div class="empty first" part="empty">
          <p class="ft">{t('rev.emptyTitle')}</p>
          {noForm ? null : <p class="muted">{t('rev.empty')}</p>}
          {write}
        </div>
      ) : null}

      {staff && owner ? <owner.Queue i18n={i18n} model={model} Item={Item} t={t} /> : null}

      {sent ? (
        <div class="note" role="status" part="status" tabIndex={-1} ref={note}>
          <p class="ft">
            <Icon d={CHECK} />
            {t(approved ? 'rev.published' : 'rev.pendingNote')}
          </p>
          {approved ? null : <Item r={sent} t={t} i18n={i18n} model={model} />}
        </div>
      ) : null}
      {formOpen && !sent && formError ? (
        <p class="err" role="alert">
          {i18n().error(formError)}{' '}
          <button type="button" class="link" onClick={() => setFormOpen(false)}>
            {t('action.retry')}
          </button>
        </p>
      ) : null}
      {formOpen && !sent && Form ? (
        <Form
          context={context}
          ns={ns}
          id={id}
          member={!!member?.contactId}
          visitor={session.role !== 'member'}
          companion={companion}
          loadLogin={() => import('../login/element.ts')}
          submit={model.submit}
          sent={companion ? model.sent : undefined}
          onCancel={() => setFormOpen(false)}
        />
      ) : null}

      {s?.count ? <Tools photosOnly={photosOnly} filtered={filtered} t={t} model={model} /> : null}

      {list.reviews.length ? (
        <ul class="list" part="list">
          {list.reviews.map((r) => (
            <li key={r.id}>
              <Item r={r} t={t} i18n={i18n} model={model} Controls={staff ? owner?.Controls : undefined} />
            </li>
          ))}
        </ul>
      ) : !list.loading && !list.error && filtered ? (
        <p class="empty" part="empty">
          {t('rev.emptyFilter')}
        </p>
      ) : null}
      {list.error ? (
        <p class="err" role="alert">
          {i18n().error(list.error)}{' '}
          <button type="button" class="link" onClick={() => model.load(list.reviews.length > 0)}>
            {t('action.retry')}
          </button>
        </p>
      ) : list.loading && (loadingFirst || list.next) ? (
        <div class="list">
          <SkeletonReview />
          {loadingFirst ? <SkeletonReview /> : null}
        </div>
      ) : list.next ? (
        <button type="button" part="more" class="secondary more" onClick={() => model.load(true)}>
          {t('rev.more')}
        </button>
      ) : null}
      <p class="visually-hidden" role="status">
        {list.loading || !s ? t('rev.loading') : ''}
      </p>
    </section>
  );
}
