/** The shell's strings: the closed button (the form's are in form-strings.ts, loaded with the form). */
export const strings = {
  'bis.open': 'Notify me when it’s back',
};
