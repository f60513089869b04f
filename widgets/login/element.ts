import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { LoginView, type LoginProps } from './view.tsx';
import { loginCss } from './styles.ts';

/** `<inlay-login view="sign-in|sign-up" hosted>` */
export const InlayLogin: WidgetElement<LoginProps> = defineElement<LoginProps>({
  tag: 'inlay-login',
  component: LoginView,
  props: { view: 'string', hosted: 'boolean', accountUrl: 'string' },
  styles: loginCss,
});
