import type { WidgetProps } from '../../core/element.ts';

/** What the console's frame gives a section. */
export interface ConsoleSectionProps extends WidgetProps {
  /** Ids unique to this element (labels). */
  ids: string;
  /** Show another section, opened on one of its things (`focus`: a review's id for `reviews`). */
  show?: (section: string, focus?: string) => void;
  /** What the section opens on (given by `show`): a review's id in `reviews`. */
  focus?: string;
}

/** `<inlay-admin>`'s attributes. */
export interface AdminProps {
  /**
   * The section it opens on. `orders`: the shop's orders (summary, search, tags, bulk actions, detail, notes, status,
   * cancel, edits); `reviews`: every product's reviews waiting for approval; `abandoned`: abandoned checkouts and their
   * recovery emails; `members`: the site's members (search, filters, the pending sign-ups, a member's page, approve,
   * block, mute, disconnect, delete, bulk actions by filter, badges, custom fields); `media`: the media library (folders, files, uploads, imports, the trash, visitors' review photos);
   * `settings`: the store's settings (discounts, shipping, taxes, tips, checkout, back in stock), one opened with the
   * page's `admin-setting` parameter.
   * @default orders
   */
  section?: string;
}
