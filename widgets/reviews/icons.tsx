/** A 24 px line icon (decorative): `d` is the path. */
export const Icon = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
  >
    <path d={d} />
  </svg>
);
export const CAMERA = 'M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6';
export const CHECK = 'M5 12l5 5L20 7';
