import type { WidgetProps } from '../../core/element.ts';

/** What the console's frame gives a section. */
export interface ConsoleSectionProps extends WidgetProps {
  /** Ids unique to this element (labels). */
  ids: string;
}
