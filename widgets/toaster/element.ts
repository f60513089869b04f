import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { ToasterView } from './view.tsx';
import { toasterCss } from './styles.ts';

/** `<inlay-toaster>`: the page's notifications. Core adds one to the page when the first toast is shown. */
export const InlayToaster: WidgetElement<Record<never, never>> = defineElement({
  tag: 'inlay-toaster',
  component: ToasterView,
  props: {},
  styles: toasterCss,
  pageLevel: true,
});
