/**
 * Generated product images: flat SVG illustrations, one drawing per product kind, coloured by a palette.
 * Deterministic (no randomness), 800×800, no external references.
 */

/** The kinds of things the seeded shop sells; each has its own drawing. */
export type ArtKind =
  | 'mug'
  | 'skillet'
  | 'apron'
  | 'board'
  | 'blanket'
  | 'towel'
  | 'lantern'
  | 'tote'
  | 'backpack'
  | 'stool'
  | 'planter'
  | 'watering-can'
  | 'taper-candles'
  | 'jar-candle';

/** Colours of one drawing. */
export interface Palette {
  /** Background. */
  bg: string;
  /** The product's main colour. */
  main: string;
  /** A darker shade for depth and details. */
  dark: string;
  /** A light tint for highlights. */
  light: string;
  /** A contrasting detail colour (flame, leaves, stripes). */
  accent: string;
}

export const ART_SIZE = 800;

const HEX = /^#[0-9a-fA-F]{6}$/;

function color(c: string): string {
  return HEX.test(c) ? c : '#888888';
}

/** Escape text for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] as string,
  );
}

/** A tiny deterministic PRNG (mulberry32) seeded from a string. */
function rng(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Draw = (p: Palette, rand: () => number) => string;

const flame = (x: number, y: number, h: number, fill: string): string =>
  `<path d="M${x} ${y} C${x + h * 0.45} ${y + h * 0.45} ${x + h * 0.4} ${y + h * 0.9} ${x} ${y + h} C${x - h * 0.4} ${y + h * 0.9} ${x - h * 0.45} ${y + h * 0.45} ${x} ${y}Z" fill="${fill}"/>` +
  `<path d="M${x} ${y + h * 0.4} C${x + h * 0.2} ${y + h * 0.6} ${x + h * 0.18} ${y + h * 0.9} ${x} ${y + h} C${x - h * 0.18} ${y + h * 0.9} ${x - h * 0.2} ${y + h * 0.6} ${x} ${y + h * 0.4}Z" fill="#fff6d5" opacity="0.85"/>`;

const DRAW: Record<ArtKind, Draw> = {
  mug: (p, rand) => {
    let specks = '';
    for (let i = 0; i < 22; i++) {
      specks += `<circle cx="${(270 + rand() * 220).toFixed(1)}" cy="${(400 + rand() * 170).toFixed(1)}" r="${(2 + rand() * 3).toFixed(1)}" fill="${p.light}" opacity="0.55"/>`;
    }
    return (
      `<path d="M505 420 c105 0 105 150 0 150" fill="none" stroke="${p.dark}" stroke-width="40" stroke-linecap="round"/>` +
      `<path d="M505 420 c105 0 105 150 0 150" fill="none" stroke="${p.main}" stroke-width="26" stroke-linecap="round"/>` +
      `<path d="M250 370 h260 v220 a45 45 0 0 1 -45 45 h-170 a45 45 0 0 1 -45 -45 z" fill="${p.main}"/>` +
      specks +
      `<path d="M250 575 v15 a45 45 0 0 0 45 45 h170 a45 45 0 0 0 45 -45 v-15 z" fill="${p.dark}"/>` +
      `<rect x="272" y="400" width="22" height="160" rx="11" fill="${p.light}" opacity="0.35"/>` +
      `<ellipse cx="380" cy="370" rx="130" ry="28" fill="${p.dark}"/>` +
      `<ellipse cx="380" cy="372" rx="117" ry="19" fill="${p.light}"/>` +
      `<path d="M300 340 c-10 -30 20 -40 10 -70 M380 330 c-12 -34 22 -46 10 -80 M460 340 c-10 -30 20 -40 10 -70" fill="none" stroke="${p.dark}" stroke-width="8" stroke-linecap="round" opacity="0.18"/>`
    );
  },
  skillet: (p) =>
    `<g transform="rotate(-14 560 470)"><rect x="540" y="446" width="230" height="48" rx="24" fill="${p.dark}"/><circle cx="738" cy="470" r="11" fill="${p.bg}"/></g>` +
    `<path d="M120 470 v46 a240 128 0 0 0 480 0 v-46 z" fill="${p.dark}"/>` +
    `<ellipse cx="360" cy="470" rx="240" ry="128" fill="${p.dark}"/>` +
    `<ellipse cx="360" cy="462" rx="210" ry="104" fill="${p.main}"/>` +
    `<path d="M200 420 a190 90 0 0 1 180 -55" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" opacity="0.35"/>` +
    `<ellipse cx="330" cy="480" rx="54" ry="30" fill="#fbf6ea"/><circle cx="338" cy="478" r="17" fill="#f2b33d"/>` +
    `<ellipse cx="430" cy="440" rx="22" ry="9" fill="${p.accent}" transform="rotate(-30 430 440)"/>` +
    `<ellipse cx="452" cy="462" rx="22" ry="9" fill="${p.accent}" transform="rotate(20 452 462)"/>` +
    `<path d="M108 470 l-20 -6" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>`,
  apron: (p) =>
    `<path d="M330 200 C330 110 470 110 470 200" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M270 345 C220 360 200 420 180 470 M530 345 C580 360 600 420 620 470" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M320 190 h160 l24 150 h44 l-34 320 h-228 l-34 -320 h44 z" fill="${p.main}"/>` +
    `<path d="M332 206 h136 l22 146 h40 l-31 294 h-198 l-31 -294 h40 z" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="10 8" opacity="0.6"/>` +
    `<rect x="316" y="440" width="168" height="116" rx="12" fill="${p.dark}" opacity="0.35"/>` +
    `<path d="M400 446 v104" stroke="${p.light}" stroke-width="3" stroke-dasharray="8 7" opacity="0.7"/>` +
    `<rect x="316" y="440" width="168" height="14" fill="${p.accent}" opacity="0.8"/>`,
  board: (p) => {
    let grain = '';
    for (let i = 0; i < 6; i++) {
      const y = 310 + i * 52;
      grain += `<path d="M225 ${y} C320 ${y - 18} 420 ${y + 22} 575 ${y - 6}" fill="none" stroke="${p.dark}" stroke-width="4" opacity="0.28"/>`;
    }
    return (
      `<rect x="345" y="150" width="110" height="140" rx="36" fill="${p.main}"/>` +
      `<circle cx="400" cy="196" r="20" fill="${p.bg}"/>` +
      `<rect x="200" y="260" width="400" height="390" rx="44" fill="${p.dark}"/>` +
      `<rect x="200" y="250" width="400" height="384" rx="44" fill="${p.main}"/>` +
      grain +
      `<circle cx="470" cy="520" r="62" fill="${p.accent}"/><circle cx="470" cy="520" r="50" fill="#fff3c4"/>` +
      `<path d="M470 474 v92 M424 520 h92 M437 487 l66 66 M503 487 l-66 66" stroke="${p.accent}" stroke-width="4" opacity="0.7"/>` +
      `<ellipse cx="330" cy="560" rx="48" ry="22" fill="${p.accent}" opacity="0.85" transform="rotate(-18 330 560)"/>`
    );
  },
  blanket: (p) => {
    let out = '';
    for (let i = 2; i >= 0; i--) {
      const y = 300 + i * 104;
      const x = 170 + (i % 2) * 18;
      const fill = i % 2 === 0 ? p.main : p.dark;
      out +=
        `<rect x="${x}" y="${y}" width="460" height="104" rx="50" fill="${fill}"/>` +
        `<rect x="${x + 360}" y="${y}" width="16" height="104" fill="${p.accent}"/>` +
        `<rect x="${x + 388}" y="${y}" width="8" height="104" fill="${p.light}" opacity="0.7"/>` +
        `<path d="M${x + 40} ${y + 22} h260" stroke="${p.light}" stroke-width="4" opacity="0.25" stroke-linecap="round"/>`;
      for (let k = 0; k < 8; k++) {
        const fy = y + 12 + k * 11;
        out += `<path d="M${x + 458} ${fy} l18 ${k % 2 ? 3 : -3}" stroke="${p.dark}" stroke-width="4" stroke-linecap="round"/>`;
      }
    }
    return out;
  },
  towel: (p) =>
    `<defs><pattern id="waffle" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${p.main}"/><rect x="4" y="4" width="16" height="16" rx="3" fill="${p.dark}" opacity="0.22"/></pattern></defs>` +
    `<path d="M400 250 c-30 -70 30 -70 0 0" fill="none" stroke="${p.dark}" stroke-width="8"/>` +
    `<rect x="220" y="250" width="360" height="390" rx="22" fill="url(#waffle)"/>` +
    `<rect x="220" y="250" width="360" height="80" rx="22" fill="${p.light}" opacity="0.3"/>` +
    `<rect x="220" y="560" width="360" height="26" fill="${p.accent}"/>` +
    `<rect x="220" y="594" width="360" height="8" fill="${p.accent}" opacity="0.7"/>`,
  lantern: (p) =>
    `<circle cx="400" cy="430" r="190" fill="${p.accent}" opacity="0.12"/>` +
    `<path d="M320 280 C320 160 480 160 480 280" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M300 300 L400 226 L500 300 Z" fill="${p.main}"/>` +
    `<rect x="288" y="294" width="224" height="30" rx="10" fill="${p.dark}"/>` +
    `<rect x="322" y="324" width="156" height="220" rx="22" fill="${p.light}" opacity="0.75"/>` +
    `<circle cx="400" cy="450" r="62" fill="${p.accent}" opacity="0.3"/>` +
    flame(400, 395, 90, p.accent) +
    `<rect x="396" y="484" width="8" height="24" fill="${p.dark}"/>` +
    `<rect x="316" y="324" width="12" height="220" fill="${p.dark}"/><rect x="472" y="324" width="12" height="220" fill="${p.dark}"/>` +
    `<rect x="288" y="540" width="224" height="36" rx="10" fill="${p.main}"/>` +
    `<rect x="306" y="576" width="188" height="62" rx="12" fill="${p.dark}"/>` +
    `<circle cx="470" cy="607" r="12" fill="${p.accent}"/>`,
  tote: (p) =>
    `<path d="M330 330 C330 190 470 190 470 330" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round" opacity="0.55"/>` +
    `<path d="M230 330 h340 l-22 320 h-296 z" fill="${p.main}"/>` +
    `<rect x="230" y="330" width="340" height="44" fill="${p.dark}" opacity="0.25"/>` +
    `<path d="M300 340 C300 160 500 160 500 340" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>` +
    `<rect x="286" y="330" width="28" height="44" rx="4" fill="${p.accent}"/><rect x="486" y="330" width="28" height="44" rx="4" fill="${p.accent}"/>` +
    `<rect x="320" y="450" width="160" height="124" rx="8" fill="${p.dark}" opacity="0.28"/>` +
    `<path d="M328 458 h144 v108 h-144 z" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="9 7" opacity="0.7"/>`,
  backpack: (p) =>
    `<path d="M360 240 C360 178 440 178 440 240" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>` +
    `<rect x="250" y="230" width="300" height="420" rx="92" fill="${p.main}"/>` +
    `<rect x="300" y="510" width="200" height="110" rx="24" fill="${p.dark}" opacity="0.45"/>` +
    `<path d="M250 330 a92 92 0 0 1 92 -92 h116 a92 92 0 0 1 92 92 v120 a40 40 0 0 1 -40 40 h-220 a40 40 0 0 1 -40 -40 z" fill="${p.dark}"/>` +
    `<rect x="318" y="430" width="28" height="130" rx="6" fill="${p.accent}"/><rect x="454" y="430" width="28" height="130" rx="6" fill="${p.accent}"/>` +
    `<rect x="312" y="500" width="40" height="30" rx="5" fill="none" stroke="${p.light}" stroke-width="6"/>` +
    `<rect x="448" y="500" width="40" height="30" rx="5" fill="none" stroke="${p.light}" stroke-width="6"/>` +
    `<path d="M280 300 a70 70 0 0 1 60 -40" fill="none" stroke="${p.light}" stroke-width="6" stroke-linecap="round" opacity="0.35"/>`,
  stool: (p) =>
    `<line x1="270" y1="330" x2="540" y2="640" stroke="${p.dark}" stroke-width="24" stroke-linecap="round"/>` +
    `<line x1="530" y1="330" x2="260" y2="640" stroke="${p.dark}" stroke-width="24" stroke-linecap="round"/>` +
    `<line x1="400" y1="340" x2="400" y2="640" stroke="${p.dark}" stroke-width="20" stroke-linecap="round" opacity="0.7"/>` +
    `<circle cx="400" cy="487" r="16" fill="${p.accent}"/>` +
    `<path d="M220 300 Q400 380 580 300 L580 330 Q400 410 220 330 Z" fill="${p.main}"/>` +
    `<path d="M220 300 Q400 380 580 300" fill="none" stroke="${p.light}" stroke-width="5" opacity="0.5"/>` +
    `<rect x="206" y="290" width="28" height="50" rx="10" fill="${p.accent}"/><rect x="566" y="290" width="28" height="50" rx="10" fill="${p.accent}"/>`,
  planter: (p) => {
    const leaf = (angle: number, len: number): string =>
      `<g transform="rotate(${angle} 400 420)"><ellipse cx="400" cy="${420 - len}" rx="${len * 0.28}" ry="${len}" fill="${p.accent}"/>` +
      `<path d="M400 ${420 - len * 1.8} V420" stroke="#ffffff" stroke-width="3" opacity="0.35"/></g>`;
    let dots = '';
    for (let i = 0; i < 7; i++) dots += `<circle cx="${300 + i * 33}" cy="520" r="7" fill="${p.dark}" opacity="0.5"/>`;
    return (
      leaf(-62, 110) +
      leaf(-30, 140) +
      leaf(0, 160) +
      leaf(30, 140) +
      leaf(62, 110) +
      `<path d="M270 440 h260 l-32 210 h-196 z" fill="${p.main}"/>` +
      `<rect x="252" y="416" width="296" height="48" rx="10" fill="${p.dark}"/>` +
      dots +
      `<path d="M292 470 l20 160" stroke="${p.light}" stroke-width="12" stroke-linecap="round" opacity="0.35"/>`
    );
  },
  'watering-can': (p) =>
    `<path d="M300 380 C300 280 460 280 460 380" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M262 440 C170 440 170 600 262 600" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M490 570 L640 370" stroke="${p.main}" stroke-width="28" stroke-linecap="round"/>` +
    `<ellipse cx="650" cy="356" rx="34" ry="20" fill="${p.dark}" transform="rotate(-53 650 356)"/>` +
    `<rect x="260" y="380" width="240" height="256" rx="30" fill="${p.main}"/>` +
    `<ellipse cx="380" cy="382" rx="120" ry="24" fill="${p.dark}"/>` +
    `<rect x="290" y="410" width="26" height="196" rx="13" fill="${p.light}" opacity="0.45"/>` +
    `<rect x="260" y="470" width="240" height="12" fill="${p.dark}" opacity="0.35"/>` +
    `<path d="M690 330 l24 -14 M696 352 l28 -4 M676 312 l14 -22" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>`,
  'taper-candles': (p) =>
    `<circle cx="360" cy="215" r="60" fill="${p.accent}" opacity="0.12"/><circle cx="460" cy="245" r="60" fill="${p.accent}" opacity="0.12"/>` +
    flame(342, 170, 62, p.accent) +
    flame(458, 200, 62, p.accent) +
    `<rect x="340" y="230" width="4" height="18" fill="${p.dark}"/><rect x="456" y="260" width="4" height="18" fill="${p.dark}"/>` +
    `<rect x="320" y="244" width="44" height="370" rx="10" fill="${p.main}"/>` +
    `<rect x="436" y="274" width="44" height="340" rx="10" fill="${p.main}"/>` +
    `<rect x="328" y="262" width="8" height="320" rx="4" fill="${p.light}" opacity="0.5"/><rect x="444" y="292" width="8" height="290" rx="4" fill="${p.light}" opacity="0.5"/>` +
    `<path d="M320 300 l44 -20 M320 360 l44 -20 M320 420 l44 -20 M320 480 l44 -20 M320 540 l44 -20 M436 330 l44 -20 M436 390 l44 -20 M436 450 l44 -20 M436 510 l44 -20" stroke="${p.dark}" stroke-width="3" opacity="0.25"/>` +
    `<rect x="300" y="596" width="84" height="36" rx="10" fill="${p.dark}"/><rect x="416" y="596" width="84" height="36" rx="10" fill="${p.dark}"/>` +
    `<rect x="250" y="626" width="300" height="26" rx="13" fill="${p.dark}"/>`,
  'jar-candle': (p) =>
    `<ellipse cx="610" cy="636" rx="82" ry="18" fill="${p.dark}"/><rect x="530" y="606" width="160" height="30" rx="8" fill="${p.dark}"/>` +
    `<circle cx="400" cy="350" r="70" fill="#f2a93b" opacity="0.15"/>` +
    `<rect x="266" y="320" width="268" height="318" rx="38" fill="${p.light}" opacity="0.8"/>` +
    `<rect x="280" y="400" width="240" height="224" rx="28" fill="${p.main}"/>` +
    `<ellipse cx="400" cy="402" rx="120" ry="14" fill="${p.dark}" opacity="0.35"/>` +
    `<rect x="397" y="376" width="6" height="26" fill="${p.dark}"/>` +
    flame(400, 318, 62, '#f2a93b') +
    `<rect x="300" y="470" width="200" height="104" rx="8" fill="${p.bg}"/>` +
    `<path d="M400 486 l28 44 h-18 l22 30 h-64 l22 -30 h-18 z" fill="${p.accent}"/>` +
    `<rect x="284" y="332" width="16" height="280" rx="8" fill="#ffffff" opacity="0.35"/>`,
};

/** A product image as an SVG document. */
export function productSvg(kind: ArtKind, palette: Palette, title: string): string {
  const p: Palette = {
    bg: color(palette.bg),
    main: color(palette.main),
    dark: color(palette.dark),
    light: color(palette.light),
    accent: color(palette.accent),
  };
  const body = DRAW[kind](p, rng(`${kind}:${title}`));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" width="${ART_SIZE}" height="${ART_SIZE}" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(title)}</title>` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="${p.bg}"/>` +
    `<circle cx="400" cy="420" r="290" fill="${p.light}" opacity="0.28"/>` +
    `<ellipse cx="400" cy="662" rx="250" ry="24" fill="#000000" opacity="0.09"/>` +
    body +
    `</svg>`
  );
}
