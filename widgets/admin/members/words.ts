import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { MembersModel } from './model.ts';
import type { MemberSummary } from '../../../core/api/admin-members.ts';
import { membersStrings } from './strings.ts';

export type K = keyof typeof membersStrings;
export type T = Translator<K>;
/** What the section's views share. */
export type P = { model: MembersModel; t: T; i: I18n; ids: string };
export const has = (k: string): k is K => k in membersStrings;
/** What a member is called: their name, else their nickname, else their email. */
export const nameOf = (m: MemberSummary, t: T) => m.name || m.nickname || m.email || t('mm.noName');
/** A status in words (the colour goes with its class: `st-PENDING`…). */
export const statusWords = (m: MemberSummary, t: T) =>
  t(has(`mm.st.${m.status}`) ? (`mm.st.${m.status}` as K) : 'mm.st.UNKNOWN');
