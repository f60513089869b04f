import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { AdminView } from './view.tsx';
import type { AdminProps } from './section.ts';
import { adminCss } from './styles.ts';

/** `<inlay-admin section>` */
export const InlayAdmin: WidgetElement<AdminProps> = defineElement<AdminProps>({
  tag: 'inlay-admin',
  component: AdminView,
  props: { section: 'string' },
  styles: adminCss,
});
