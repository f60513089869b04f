import type { Http } from '../../core/http.ts';
import { changePassword, PASSWORD_MIN } from '../../core/api/identity.ts';

/** What a refused password change is about, by field (string keys of `passwordStrings`). */
export interface PasswordProblem {
  current?: 'pw.required' | 'pw.wrong';
  next?: 'pw.short' | 'pw.same';
  form?: 'pw.locked';
}

/**
 * Change the member's password, the current one checked first (see `changePassword`). Undefined when changed, else
 * what to show on which field; a failed request throws. Used by the sign-in widget's model and the shared profile.
 */
export const checkedPasswordChange =
  (http: Http) =>
  async (email: string, current: string, next: string): Promise<PasswordProblem | undefined> => {
    if (!current) return { current: 'pw.required' };
    if (next.length < PASSWORD_MIN || next.length > 100) return { next: 'pw.short' };
    if (next === current) return { next: 'pw.same' };
    const refused = await changePassword(http, email, current, next);
    if (!refused) return undefined;
    return refused.loginState === 'FAILURE' && refused.errorCode === 'invalidPassword'
      ? { current: 'pw.wrong' }
      : { form: 'pw.locked' };
  };
