import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { AccountView, type AccountProps } from './view.tsx';
import { accountCss } from './styles.ts';

/** `<inlay-account section shop-url content-assignee>` */
export const InlayAccount: WidgetElement<AccountProps> = defineElement<AccountProps>({
  tag: 'inlay-account',
  component: AccountView,
  props: { section: 'string', shopUrl: 'string', contentAssignee: 'string' },
  styles: accountCss,
});
