import { defineElement } from '../../core/element.ts';
import { LoginView, type LoginProps } from './view.tsx';
import { loginCss } from './styles.ts';

/** `<inlay-login view="sign-in|sign-up" hosted>` */
export const InlayLogin = defineElement<LoginProps>({
  tag: 'inlay-login',
  component: LoginView,
  props: { view: 'string', hosted: 'boolean' },
  styles: loginCss,
});
