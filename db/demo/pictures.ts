/**
 * The demo pictures, drawn as SVG and rendered by sharp at seed time (no downloads). They carry no text at all —
 * every name, title and caption is HTML next to them — and they stay readable at any crop: the subject sits in the
 * middle and the light falls away to the edges. Interiors are one-point-perspective rooms with lamps, windows and
 * equipment silhouettes; coaches are lit silhouettes of a person; partners get a simple mark.
 */
import sharp from 'sharp';
import { type PreparedImage, prepareImage } from '#app/services/image-intake.server.ts';
import type { LogoMark, Scene } from '#db/demo/content.ts';

export interface Size {
  width: number;
  height: number;
  /** Where the room's far wall sits across the picture (0–1); by default somewhere around the middle. */
  subjectX?: number;
}

/**
 * Covers 16:9 — full width for the hero and promos, smaller for trend and training cards (at most about 900 px wide
 * on a 2× screen); gallery 3:2, portraits 4:5, partner marks square.
 */
export const COVER_SIZE: Size = { width: 1600, height: 900 };
export const CARD_COVER_SIZE: Size = { width: 1280, height: 720 };
export const GALLERY_SIZE: Size = { width: 1200, height: 800 };
export const PORTRAIT_SIZE: Size = { width: 800, height: 1000 };
export const LOGO_SIZE: Size = { width: 240, height: 240 };

// ─── Small helpers ──────────────────────────────────────────────────────────────────────────────

type Random = () => number;

/** A small deterministic generator (mulberry32): the same seed draws the same picture. */
function randomFrom(seed: number): Random {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const n = (value: number) => Math.round(value * 10) / 10;

/** `#rrggbb` colours mixed: t = 0 gives `from`, 1 gives `to`. */
function mix(from: string, to: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const mixed = [0, 1, 2].map((i) => Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * t));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}
const between = (random: Random, min: number, max: number) => min + (max - min) * random();
const points = (list: Array<readonly [number, number]>) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/**
 * Glows are radial gradients fading to transparent, not blur filters: librsvg's Gaussian blur costs seconds per
 * picture at these sizes, a gradient costs nothing. Each colour's gradient is defined once per picture.
 */
const glowColors = new Set<string>();

function glowId(color: string): string {
  glowColors.add(color);
  return `glow-${color.replace('#', '')}`;
}

function glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity = 1): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${glowId(color)})" fill-opacity="${n(opacity * 100) / 100}"/>`;
}

function svg({ width, height }: Size, defs: string, body: string): string {
  const glows = [...glowColors]
    .map((color) =>
      radial(glowId(color), [
        [0, color, 0.9],
        [0.35, color, 0.45],
        [1, color, 0],
      ]),
    )
    .join('');
  glowColors.clear();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}${glows}</defs>${body}</svg>`;
}

function centre(view: View, corners: Array<[number, number, number]>): readonly [number, number, number] {
  const pts = corners.map(([X, Y, z]) => at(view, X, Y, z));
  const xs = pts.map(([x]) => x);
  const ys = pts.map(([, y]) => y);
  return [
    (Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...ys) + Math.max(...ys)) / 2,
    Math.max(...xs) - Math.min(...xs),
  ];
}

function linear(id: string, stops: Array<[number, string, number?]>, vertical = true): string {
  const [x2, y2] = vertical ? [0, 1] : [1, 0];
  const list = stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${list}</linearGradient>`;
}

function radial(id: string, stops: Array<[number, string, number?]>): string {
  const list = stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
  return `<radialGradient id="${id}">${list}</radialGradient>`;
}

// ─── Moods ──────────────────────────────────────────────────────────────────────────────────────

interface Mood {
  wallTop: string;
  wallBottom: string;
  side: string;
  ceiling: string;
  floorFar: string;
  floorNear: string;
  lamp: string;
  glow: string;
  ink: string;
  accent: string;
  window: string;
}

const MOODS = {
  steel: {
    wallTop: '#202a36',
    wallBottom: '#3b4859',
    side: '#18202a',
    ceiling: '#141a22',
    floorFar: '#2e3742',
    floorNear: '#0f1318',
    lamp: '#fff7e6',
    glow: '#ffd9a0',
    ink: '#0a0d12',
    accent: '#f76707',
    window: '#9cc3e6',
  },
  warm: {
    wallTop: '#cdb595',
    wallBottom: '#eedfc8',
    side: '#bca27f',
    ceiling: '#e3d4bd',
    floorFar: '#b78553',
    floorNear: '#6e4526',
    lamp: '#fffaf0',
    glow: '#ffe3a3',
    ink: '#3e2c1f',
    accent: '#d9480f',
    window: '#fff4d6',
  },
  mint: {
    wallTop: '#b9d8d2',
    wallBottom: '#e6f3f0',
    side: '#a5c9c2',
    ceiling: '#d6ebe7',
    floorFar: '#c2a985',
    floorNear: '#87694a',
    lamp: '#ffffff',
    glow: '#e3fff8',
    ink: '#2f4a46',
    accent: '#0ca678',
    window: '#f4fffc',
  },
  neon: {
    wallTop: '#0c0a1c',
    wallBottom: '#1d1740',
    side: '#0a0817',
    ceiling: '#08071a',
    floorFar: '#161234',
    floorNear: '#05040c',
    lamp: '#f3e8ff',
    glow: '#b43cff',
    ink: '#030207',
    accent: '#12b8ff',
    window: '#3b2a80',
  },
  ember: {
    wallTop: '#120d0c',
    wallBottom: '#2e1f1b',
    side: '#0e0a09',
    ceiling: '#0b0807',
    floorFar: '#3a2a24',
    floorNear: '#0a0706',
    lamp: '#fff1dc',
    glow: '#ff9e4f',
    ink: '#050303',
    accent: '#e03131',
    window: '#5a3b2e',
  },
  plum: {
    wallTop: '#241a33',
    wallBottom: '#4a3663',
    side: '#1c1428',
    ceiling: '#160f20',
    floorFar: '#a06a3c',
    floorNear: '#4d2e17',
    lamp: '#fff0f6',
    glow: '#ff78b4',
    ink: '#120c19',
    accent: '#ffd43b',
    window: '#c5a3ff',
  },
} satisfies Record<string, Mood>;

type MoodName = keyof typeof MOODS;

// ─── Perspective room ───────────────────────────────────────────────────────────────────────────

/**
 * One-point perspective: `X` from -1 (left wall) to 1 (right wall), `Y` from 0 (floor) to 1 (ceiling), depth `z`
 * from 1 (the picture's bottom edge) to `zBack` (the back wall). The vanishing point sits at (vx, vy).
 */
interface View {
  width: number;
  height: number;
  vx: number;
  vy: number;
  zBack: number;
  halfWidth: number;
}

function makeView(size: Size, vx: number, vy: number, zBack: number): View {
  const x = size.width * vx;
  return {
    width: size.width,
    height: size.height,
    vx: x,
    vy: size.height * vy,
    zBack,
    halfWidth: Math.max(x, size.width - x) * 1.02,
  };
}

function at(view: View, X: number, Y: number, z: number): readonly [number, number] {
  const s = 1 / z;
  const floor = view.vy + (view.height - view.vy) * s;
  const ceiling = view.vy - view.vy * s;
  return [view.vx + X * view.halfWidth * s, floor + (ceiling - floor) * Y];
}

/** Pixels per prop unit at depth z: a prop is drawn in units where 1000 is the room's height. */
const unitAt = (view: View, z: number) => view.height / z / 1000;

function place(view: View, X: number, z: number, body: string, flip = false): string {
  const [x, y] = at(view, X, 0, z);
  const k = unitAt(view, z);
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${flip ? -n(k * 1000) / 1000 : n(k * 1000) / 1000} ${n(k * 1000) / 1000})">${body}</g>`;
}

function quad(view: View, corners: Array<[number, number, number]>, attrs: string): string {
  return `<polygon points="${points(corners.map(([X, Y, z]) => at(view, X, Y, z)))}" ${attrs}/>`;
}

function roomShell(view: View, mood: Mood, options: { lights?: 'panels' | 'strips' | 'none'; boards?: boolean }) {
  const near = 0.92;
  const { zBack } = view;
  const defs = [
    linear('wall', [
      [0, mood.wallTop],
      [1, mood.wallBottom],
    ]),
    linear('floor', [
      [0, mood.floorFar],
      [1, mood.floorNear],
    ]),
    linear('ceiling', [
      [0, mood.ceiling],
      [1, mood.wallTop],
    ]),
    linear(
      'leftWall',
      [
        [0, mood.side],
        [1, mood.wallTop],
      ],
      false,
    ),
    linear(
      'rightWall',
      [
        [0, mood.wallTop],
        [1, mood.side],
      ],
      false,
    ),
  ].join('');
  const parts = [
    `<rect width="${view.width}" height="${view.height}" fill="${mood.wallTop}"/>`,
    quad(
      view,
      [
        [-1, 1, near],
        [1, 1, near],
        [1, 1, zBack],
        [-1, 1, zBack],
      ],
      'fill="url(#ceiling)"',
    ),
    quad(
      view,
      [
        [-1, 0, near],
        [-1, 1, near],
        [-1, 1, zBack],
        [-1, 0, zBack],
      ],
      'fill="url(#leftWall)"',
    ),
    quad(
      view,
      [
        [1, 0, near],
        [1, 1, near],
        [1, 1, zBack],
        [1, 0, zBack],
      ],
      'fill="url(#rightWall)"',
    ),
    quad(
      view,
      [
        [-1, 1, zBack],
        [1, 1, zBack],
        [1, 0, zBack],
        [-1, 0, zBack],
      ],
      'fill="url(#wall)"',
    ),
    quad(
      view,
      [
        [-1, 0, near],
        [1, 0, near],
        [1, 0, zBack],
        [-1, 0, zBack],
      ],
      'fill="url(#floor)"',
    ),
  ];
  if (options.boards) {
    const lines: string[] = [];
    for (let X = -1; X <= 1.001; X += 0.125) {
      const [x1, y1] = at(view, X, 0, zBack);
      const [x2, y2] = at(view, X, 0, near);
      lines.push(`<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`);
    }
    parts.push(`<g stroke="#000" stroke-opacity="0.18" stroke-width="2">${lines.join('')}</g>`);
  }
  const lamps: string[] = [];
  const halos: string[] = [];
  if (options.lights === 'panels') {
    for (let z = 1.35; z < zBack - 0.2; z *= 1.32) {
      for (const X of [-0.55, 0, 0.55]) {
        const corners: Array<[number, number, number]> = [
          [X - 0.12, 1, z - 0.06],
          [X + 0.12, 1, z - 0.06],
          [X + 0.12, 1, z + 0.06],
          [X - 0.12, 1, z + 0.06],
        ];
        const [cx, cy, span] = centre(view, corners);
        halos.push(glow(cx, cy, span * 1.1, span * 0.45, mood.glow, 0.55));
        lamps.push(quad(view, corners, `fill="${mood.lamp}"`));
      }
    }
  } else if (options.lights === 'strips') {
    for (const X of [-0.45, 0.45]) {
      halos.push(
        quad(
          view,
          [
            [X - 0.07, 1, 1.05],
            [X + 0.07, 1, 1.05],
            [X + 0.07, 1, zBack],
            [X - 0.07, 1, zBack],
          ],
          `fill="${mood.glow}" fill-opacity="0.18"`,
        ),
      );
      lamps.push(
        quad(
          view,
          [
            [X - 0.02, 1, 1.05],
            [X + 0.02, 1, 1.05],
            [X + 0.02, 1, zBack],
            [X - 0.02, 1, zBack],
          ],
          `fill="${mood.lamp}"`,
        ),
      );
    }
  }
  parts.push(halos.join(''), lamps.join(''));
  return { defs, body: parts.join('') };
}

/** Windows across the back wall and the light they throw on the floor. */
function backWindows(view: View, mood: Mood, count: number, tall = 0.72): string {
  const { zBack } = view;
  const gap = 0.06;
  const span = 1.7;
  const width = (span - gap * (count - 1)) / count;
  const panes: string[] = [];
  const spill: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const X0 = -span / 2 + i * (width + gap);
    const X1 = X0 + width;
    panes.push(
      quad(
        view,
        [
          [X0, 0.12, zBack],
          [X1, 0.12, zBack],
          [X1, 0.12 + tall, zBack],
          [X0, 0.12 + tall, zBack],
        ],
        'fill="url(#sky)"',
      ),
    );
    spill.push(
      quad(
        view,
        [
          [X0, 0, zBack],
          [X1, 0, zBack],
          [X1 * 1.1, 0, zBack * 0.55],
          [X0 * 1.1, 0, zBack * 0.55],
        ],
        'fill="url(#spill)"',
      ),
    );
  }
  const frames: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const X0 = -span / 2 + i * (width + gap);
    const mid = X0 + width / 2;
    const [x1, y1] = at(view, mid, 0.12, zBack);
    const [, y2] = at(view, mid, 0.12 + tall, zBack);
    frames.push(`<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x1)}" y2="${n(y2)}"/>`);
    const [xa, ya] = at(view, X0, 0.12 + tall * 0.62, zBack);
    const [xb] = at(view, X0 + width, 0.12, zBack);
    frames.push(`<line x1="${n(xa)}" y1="${n(ya)}" x2="${n(xb)}" y2="${n(ya)}"/>`);
  }
  return `<defs>${linear('sky', [
    [0, '#ffffff'],
    [1, mood.window],
  ])}${linear('spill', [
    [0, mood.glow, 0.35],
    [1, mood.glow, 0],
  ])}</defs>
  ${(() => {
    const [cx, cy] = at(view, 0, 0.12 + tall / 2, zBack);
    const [left] = at(view, -span / 2, 0, zBack);
    return glow(cx, cy, (cx - left) * 1.5, (view.height / zBack) * tall * 1.1, mood.glow, 0.6);
  })()}${panes.join('')}
  <g stroke="${mood.wallTop}" stroke-width="${n(view.width / 260)}">${frames.join('')}</g>${spill.join('')}`;
}

/** Soft vignette and a pool of light: every picture falls away to darker edges, so any crop keeps its subject. */
function finish(size: Size, light: { x: number; y: number; color: string; strength: number }, vignette = 0.55) {
  // One full-size gradient does both the pool of light and the vignette: each full-size gradient costs as much to
  // draw as the rest of a room.
  const r = Math.hypot(size.width, size.height) * 0.62;
  return `<defs><radialGradient id="finish" gradientUnits="userSpaceOnUse" cx="${n(size.width * light.x)}" cy="${n(size.height * light.y)}" r="${n(r)}">
    <stop offset="0" stop-color="${light.color}" stop-opacity="${light.strength}"/>
    <stop offset="0.45" stop-color="${light.color}" stop-opacity="0"/>
    <stop offset="0.62" stop-color="#000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="${vignette}"/></radialGradient></defs>
  <rect width="${size.width}" height="${size.height}" fill="url(#finish)"/>`;
}

// ─── Props (drawn in units where 1000 is the room's height, standing on y = 0) ─────────────────

function dumbbellRack(ink: string, metal: string): string {
  const row = (y: number, r: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const x = -((count - 1) * r * 2.6) / 2 + i * r * 2.6;
      return `<circle cx="${n(x)}" cy="${y}" r="${r}" fill="${ink}"/><circle cx="${n(x - r * 0.25)}" cy="${y - r * 0.25}" r="${n(r * 0.35)}" fill="${metal}" fill-opacity="0.35"/>`;
    }).join('');
  return `<rect x="-300" y="-150" width="600" height="14" fill="${ink}"/><rect x="-280" y="-250" width="560" height="12" fill="${ink}"/>
  <rect x="-290" y="-250" width="16" height="250" fill="${ink}"/><rect x="274" y="-250" width="16" height="250" fill="${ink}"/>
  ${row(-176, 24, 8)}${row(-272, 20, 9)}`;
}

function bench(ink: string): string {
  return `<rect x="-150" y="-118" width="300" height="30" rx="12" fill="${ink}"/><rect x="-120" y="-95" width="18" height="95" fill="${ink}"/>
  <rect x="102" y="-95" width="18" height="95" fill="${ink}"/><rect x="-140" y="-10" width="280" height="10" fill="${ink}"/>`;
}

function powerRack(ink: string, metal: string): string {
  const plate = (x: number) =>
    `<rect x="${x - 14}" y="-470" width="28" height="190" rx="10" fill="${ink}"/><rect x="${x - 4}" y="-455" width="6" height="160" rx="3" fill="${metal}" fill-opacity="0.3"/>`;
  return `<rect x="-200" y="-680" width="20" height="680" fill="${ink}"/><rect x="180" y="-680" width="20" height="680" fill="${ink}"/>
  <rect x="-210" y="-690" width="420" height="18" fill="${ink}"/><rect x="-240" y="-10" width="480" height="10" fill="${ink}"/>
  <rect x="-330" y="-380" width="660" height="9" fill="${ink}"/>${plate(-282)}${plate(-250)}${plate(250)}${plate(282)}`;
}

function spinBike(ink: string, accent: string): string {
  return `<path d="M-150 0 L150 0 L150 -16 L-150 -16 Z" fill="${ink}"/>
  <path d="M-110 -16 L-40 -300 L-10 -300 L-70 -16 Z" fill="${ink}"/>
  <path d="M-60 -180 L120 -230 L120 -205 L-55 -158 Z" fill="${ink}"/>
  <circle cx="105" cy="-130" r="95" fill="${ink}"/><circle cx="105" cy="-130" r="62" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="6"/>
  <path d="M110 -225 L150 -420 L175 -420 L135 -225 Z" fill="${ink}"/>
  <rect x="-95" y="-325" width="120" height="26" rx="12" fill="${ink}"/>
  <path d="M150 -430 C190 -440 230 -430 250 -405" stroke="${ink}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
}

function heavyBag(ink: string, highlight: string, drop = 260): string {
  return `<line x1="0" y1="-1000" x2="0" y2="${-drop - 420}" stroke="${ink}" stroke-width="6"/>
  <rect x="-75" y="${-drop - 430}" width="150" height="430" rx="55" fill="${ink}"/>
  <rect x="-55" y="${-drop - 400}" width="26" height="360" rx="13" fill="${highlight}" fill-opacity="0.18"/>
  <rect x="-78" y="${-drop - 330}" width="156" height="14" fill="${highlight}" fill-opacity="0.12"/>`;
}

function kettlebell(ink: string, size = 1): string {
  const r = 62 * size;
  return `<path d="M${-r * 0.7} ${-r * 1.6} C${-r * 0.8} ${-r * 2.9} ${r * 0.8} ${-r * 2.9} ${r * 0.7} ${-r * 1.6}" fill="none" stroke="${ink}" stroke-width="${n(18 * size)}"/>
  <circle cx="0" cy="${-r}" r="${r}" fill="${ink}"/><rect x="${-r * 0.7}" y="-10" width="${r * 1.4}" height="10" fill="${ink}"/>`;
}

function plyoBox(ink: string, top: string, height = 240): string {
  return `<rect x="-140" y="${-height}" width="280" height="${height}" rx="6" fill="${ink}"/><path d="M-140 ${-height} L-100 ${-height - 40} L180 ${-height - 40} L140 ${-height} Z" fill="${top}" fill-opacity="0.5"/>`;
}

function fitball(color: string, r = 150): string {
  return `<circle cx="0" cy="${-r}" r="${r}" fill="${color}"/><circle cx="${-r * 0.35}" cy="${-r * 1.35}" r="${r * 0.35}" fill="#fff" fill-opacity="0.28"/>
  <ellipse cx="0" cy="-4" rx="${r * 0.9}" ry="12" fill="#000" fill-opacity="0.2"/>`;
}

function plant(ink: string, leaf: string): string {
  const leaves = [-50, -25, 0, 20, 45]
    .map(
      (angle, i) =>
        `<ellipse cx="0" cy="-130" rx="26" ry="${110 + (i % 2) * 30}" transform="rotate(${angle} 0 -40) translate(0 -60)" fill="${leaf}"/>`,
    )
    .join('');
  return `${leaves}<path d="M-60 -120 L60 -120 L45 0 L-45 0 Z" fill="${ink}"/>`;
}

function pendantLamp(ink: string, lamp: string, drop: number): string {
  return `<line x1="0" y1="-1000" x2="0" y2="${-1000 + drop}" stroke="${ink}" stroke-width="4"/>
  ${glow(0, -1000 + drop + 60, 200, 130, lamp, 0.7)}
  <path d="M-60 ${-1000 + drop + 40} L-30 ${-1000 + drop} L30 ${-1000 + drop} L60 ${-1000 + drop + 40} Z" fill="${ink}"/>
  <ellipse cx="0" cy="${-1000 + drop + 42}" rx="58" ry="9" fill="${lamp}"/>`;
}

function stool(ink: string): string {
  return `<ellipse cx="0" cy="-330" rx="70" ry="18" fill="${ink}"/><rect x="-8" y="-330" width="16" height="330" fill="${ink}"/>
  <ellipse cx="0" cy="-110" rx="50" ry="10" fill="none" stroke="${ink}" stroke-width="8"/><ellipse cx="0" cy="-4" rx="60" ry="8" fill="${ink}"/>`;
}

function treadmill(ink: string, accent: string): string {
  return `<path d="M-260 0 L220 0 L240 -60 L-250 -50 Z" fill="${ink}"/><rect x="160" y="-420" width="30" height="380" fill="${ink}"/>
  <path d="M120 -430 L260 -470 L270 -430 L140 -400 Z" fill="${ink}"/><rect x="170" y="-455" width="70" height="14" fill="${accent}" fill-opacity="0.7"/>
  <path d="M170 -300 L-40 -300" stroke="${ink}" stroke-width="16" stroke-linecap="round"/>`;
}

function reformer(ink: string, pad: string): string {
  return `<rect x="-320" y="-120" width="640" height="26" rx="10" fill="${ink}"/><rect x="-300" y="-94" width="18" height="94" fill="${ink}"/>
  <rect x="282" y="-94" width="18" height="94" fill="${ink}"/><rect x="-180" y="-150" width="220" height="34" rx="12" fill="${pad}"/>
  <rect x="250" y="-260" width="20" height="140" fill="${ink}"/><path d="M260 -250 L40 -140" stroke="${ink}" stroke-width="5"/>`;
}

function battleRope(accent: string): string {
  const wave = (offset: number) =>
    `<path d="M-480 ${-60 + offset} C-380 ${-160 + offset} -300 ${40 + offset} -200 ${-60 + offset} S-20 ${-160 + offset} 80 ${-60 + offset} S260 ${20 + offset} 360 ${-40 + offset}" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round"/>`;
  return `${wave(0)}${wave(50)}`;
}

function medball(ink: string, r = 70): string {
  return `<circle cx="0" cy="${-r}" r="${r}" fill="${ink}"/><path d="M${-r} ${-r} C${-r / 2} ${-r * 1.4} ${r / 2} ${-r * 0.6} ${r} ${-r}" stroke="#fff" stroke-opacity="0.2" stroke-width="8" fill="none"/>`;
}

// ─── People (pictogram silhouettes; 100 units tall, standing on y = 0) ─────────────────────────

type Joint = readonly [number, number];
interface Pose {
  head: Joint;
  neck: Joint;
  hip: Joint;
  arms: [Joint, Joint, Joint, Joint];
  legs: [Joint, Joint, Joint, Joint];
}

/** Standing straight, arms down: the other upright poses change only their arms or legs. */
const STAND: Pose = {
  head: [0, -91],
  neck: [0, -80],
  hip: [0, -47],
  arms: [
    [-7, -63],
    [-8, -48],
    [7, -63],
    [8, -48],
  ],
  legs: [
    [-4, -24],
    [-5, -1],
    [4, -24],
    [5, -1],
  ],
};

const POSES = {
  stand: STAND,
  run: {
    head: [5, -90],
    neck: [3, -79],
    hip: [0, -48],
    arms: [
      [13, -66],
      [21, -74],
      [-11, -64],
      [-17, -54],
    ],
    legs: [
      [14, -32],
      [8, -12],
      [-5, -25],
      [-17, -3],
    ],
  },
  tree: {
    ...STAND,
    arms: [
      [-7, -97],
      [0, -112],
      [7, -97],
      [0, -112],
    ],
    legs: [
      [0, -24],
      [0, -1],
      [15, -33],
      [2, -28],
    ],
  },
  warrior: {
    head: [0, -86],
    neck: [0, -75],
    hip: [0, -42],
    arms: [
      [-17, -74],
      [-34, -74],
      [17, -74],
      [34, -74],
    ],
    legs: [
      [-19, -24],
      [-26, -1],
      [17, -21],
      [30, -1],
    ],
  },
  guard: {
    head: [3, -88],
    neck: [1, -78],
    hip: [-2, -46],
    arms: [
      [11, -64],
      [11, -82],
      [-6, -64],
      [4, -80],
    ],
    legs: [
      [6, -23],
      [11, -1],
      [-9, -23],
      [-13, -1],
    ],
  },
  cheer: {
    ...STAND,
    arms: [[-9, -94], [-13, -110], STAND.arms[2], STAND.arms[3]],
  },
} satisfies Record<string, Pose>;

type PoseName = keyof typeof POSES;

function person(pose: PoseName, color: string, height: number, flip = false): string {
  const p: Pose = POSES[pose];
  const k = height / 100;
  const map = ([x, y]: Joint): readonly [number, number] => [x * k * (flip ? -1 : 1), y * k];
  const line = (joints: Joint[], width: number) =>
    `<polyline points="${points(joints.map(map))}" fill="none" stroke="${color}" stroke-width="${n(width * k)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const [nx, ny] = p.neck;
  const [hx, hy] = p.hip;
  const leftShoulder: Joint = [nx - 8, ny + 3];
  const rightShoulder: Joint = [nx + 8, ny + 3];
  // A torso wider at the shoulders than at the waist, and a waist narrower than the hips: reads as a body, not a stick.
  const torso: Joint[] = [
    leftShoulder,
    rightShoulder,
    [hx + 5.5, hy - 10],
    [hx + 6.5, hy],
    [hx - 6.5, hy],
    [hx - 5.5, hy - 10],
  ];
  const [h0, h1] = map(p.head);
  return [
    `<polygon points="${points(torso.map(map))}" fill="${color}" stroke="${color}" stroke-width="${n(4 * k)}" stroke-linejoin="round"/>`,
    line([p.neck, [p.head[0] * 0.6 + nx * 0.4, p.head[1] * 0.5 + ny * 0.5]], 6),
    line([leftShoulder, p.arms[0], p.arms[1]], 6.5),
    line([rightShoulder, p.arms[2], p.arms[3]], 6.5),
    line([[hx - 3.5, hy], p.legs[0], p.legs[1]], 8),
    line([[hx + 3.5, hy], p.legs[2], p.legs[3]], 8),
    `<ellipse cx="${n(h0)}" cy="${n(h1)}" rx="${n(6.6 * k)}" ry="${n(7.8 * k)}" fill="${color}"/>`,
  ].join('');
}

// ─── Scenes ─────────────────────────────────────────────────────────────────────────────────────

interface Drawn {
  defs: string;
  body: string;
}

function interior(size: Size, random: Random, moodName: MoodName, shellOptions: Parameters<typeof roomShell>[2]) {
  const mood = MOODS[moodName];
  const vx = between(random, 0.42, 0.6);
  const view = makeView(size, size.subjectX ?? vx, between(random, 0.42, 0.5), between(random, 2.6, 3.2));
  return { mood, view, shell: roomShell(view, mood, shellOptions) };
}

function gymFloor(size: Size, random: Random, variant: number): Drawn {
  const metal = '#cfd8e3';
  const props: string[] = [];
  if (variant % 3 === 1) {
    // Cardio row under the windows, dumbbells along the left wall.
    const { mood, view, shell } = interior(size, random, 'steel', { lights: 'panels' });
    props.push(backWindows(view, mood, 4, 0.6));
    for (const X of [-0.45, -0.15, 0.15, 0.45])
      props.push(place(view, X, view.zBack - 0.35, treadmill(mood.ink, mood.accent)));
    for (const z of [2.2, 1.6]) props.push(place(view, -0.78, z, dumbbellRack(mood.ink, metal)));
    props.push(place(view, 0.7, 1.5, powerRack(mood.ink, metal), true));
    props.push(place(view, 0.1, 1.35, bench(mood.ink)));
    return { defs: shell.defs, body: shell.body + props.join('') };
  }
  if (variant % 3 === 2) {
    // A darker hall lit by strips, benches down the middle, racks along the walls.
    const { mood, view, shell } = interior(size, random, 'ember', { lights: 'strips' });
    for (const z of [2.5, 2.0, 1.6]) {
      props.push(place(view, -0.72, z, powerRack(mood.ink, '#f1d3b3')));
      props.push(place(view, 0.72, z, powerRack(mood.ink, '#f1d3b3'), true));
    }
    for (const z of [2.3, 1.8, 1.4]) props.push(place(view, 0, z, bench(mood.ink)));
    return { defs: shell.defs, body: shell.body + props.join('') };
  }
  const { mood, view, shell } = interior(size, random, 'steel', { lights: 'panels' });
  props.push(backWindows(view, mood, 3, 0.55));
  for (const [X, z] of [
    [-0.62, 2.3],
    [0.62, 2.3],
    [-0.62, 1.6],
    [0.62, 1.6],
  ] as const) {
    props.push(place(view, X, z, powerRack(mood.ink, metal), X > 0));
  }
  props.push(place(view, 0, 2.6, dumbbellRack(mood.ink, metal)));
  props.push(place(view, -0.18, 1.45, bench(mood.ink)));
  props.push(place(view, 0.22, 1.25, bench(mood.ink)));
  return { defs: shell.defs, body: shell.body + props.join('') };
}
function freeWeights(size: Size, random: Random): Drawn {
  const { mood, view, shell } = interior(size, random, 'ember', { lights: 'strips' });
  const metal = '#f1d3b3';
  const props = [
    place(view, -0.35, 2.2, powerRack(mood.ink, metal)),
    place(view, 0.35, 2.2, powerRack(mood.ink, metal)),
    place(view, 0, 2.7, dumbbellRack(mood.ink, metal)),
    place(view, -0.7, 1.5, dumbbellRack(mood.ink, metal)),
    place(view, 0.1, 1.3, bench(mood.ink)),
  ];
  return { defs: shell.defs, body: shell.body + props.join('') };
}

function yogaStudio(size: Size, random: Random, variant: number): Drawn {
  const { mood, view, shell } = interior(size, random, variant % 2 ? 'warm' : 'mint', { boards: true, lights: 'none' });
  const mats: string[] = [];
  const colors = [mood.accent, '#4c6ef5', '#12b886', '#f59f00', '#e64980'];
  let c = variant;
  for (const z of [2.1, 1.6, 1.25]) {
    for (const X of [-0.5, 0, 0.5]) {
      const color = colors[c % colors.length]!;
      c += 1;
      mats.push(
        quad(
          view,
          [
            [X - 0.1, 0, z + 0.28],
            [X + 0.1, 0, z + 0.28],
            [X + 0.1, 0, z - 0.08],
            [X - 0.1, 0, z - 0.08],
          ],
          `fill="${color}" fill-opacity="0.85"`,
        ),
      );
    }
  }
  const people =
    variant % 3 === 0
      ? [place(view, -0.5, 2.3, person('tree', mood.ink, 520)), place(view, 0.5, 2.3, person('warrior', mood.ink, 520))]
      : [];
  const props = [
    backWindows(view, mood, 4, 0.74),
    mats.join(''),
    ...people,
    place(view, -0.85, 1.5, plant(mood.ink, '#2b8a3e')),
    place(view, 0.85, 1.7, plant(mood.ink, '#2f9e44')),
  ];
  return { defs: shell.defs, body: shell.body + props.join('') };
}

function pilatesStudio(size: Size, random: Random, variant: number): Drawn {
  if (variant % 2 === 1) {
    // Reformers in a warm studio.
    const { mood, view, shell } = interior(size, random, 'warm', { boards: true, lights: 'panels' });
    const props = [backWindows(view, mood, 3, 0.6)];
    for (const z of [2.3, 1.8, 1.4]) {
      for (const X of [-0.42, 0.42]) props.push(place(view, X, z, reformer(mood.ink, '#e9ecef')));
    }
    props.push(place(view, 0.86, 1.5, plant(mood.ink, '#2f9e44')));
    return { defs: shell.defs, body: shell.body + props.join('') };
  }
  const { mood, view, shell } = interior(size, random, 'mint', { boards: true, lights: 'panels' });
  const props = [backWindows(view, mood, 3, 0.66)];
  for (const z of [2.2, 1.7]) {
    for (const X of [-0.45, 0.05, 0.55]) {
      props.push(
        quad(
          view,
          [
            [X - 0.12, 0, z + 0.3],
            [X + 0.12, 0, z + 0.3],
            [X + 0.12, 0, z - 0.05],
            [X - 0.12, 0, z - 0.05],
          ],
          'fill="#748ffc" fill-opacity="0.8"',
        ),
      );
    }
  }
  props.push(place(view, -0.7, 1.6, fitball('#ff8787', 140)));
  props.push(place(view, 0.75, 1.9, fitball('#ffd43b', 140)));
  props.push(place(view, 0.32, 1.35, fitball('#63e6be', 130)));
  props.push(place(view, -0.25, 1.3, `<rect x="-130" y="-70" width="260" height="70" rx="35" fill="${mood.ink}"/>`));
  return { defs: shell.defs, body: shell.body + props.join('') };
}
function functionalZone(size: Size, random: Random, variant: number): Drawn {
  const { mood, view, shell } = interior(size, random, 'steel', { lights: variant % 2 ? 'panels' : 'strips' });
  const props: string[] = [];
  // Turf lane down the middle.
  props.push(
    quad(
      view,
      [
        [-0.35, 0, 0.95],
        [0.35, 0, 0.95],
        [0.35, 0, view.zBack],
        [-0.35, 0, view.zBack],
      ],
      'fill="#2b8a3e" fill-opacity="0.55"',
    ),
  );
  props.push(
    quad(
      view,
      [
        [-0.36, 0, 0.95],
        [-0.34, 0, 0.95],
        [-0.34, 0, view.zBack],
        [-0.36, 0, view.zBack],
      ],
      'fill="#fff" fill-opacity="0.5"',
    ),
  );
  props.push(
    quad(
      view,
      [
        [0.34, 0, 0.95],
        [0.36, 0, 0.95],
        [0.36, 0, view.zBack],
        [0.34, 0, view.zBack],
      ],
      'fill="#fff" fill-opacity="0.5"',
    ),
  );
  if (variant % 2 === 1) {
    // Interval training: battle ropes on the turf, medicine balls and a rower along the wall.
    props.push(place(view, -0.05, 1.7, battleRope(mood.accent)));
    props.push(place(view, -0.05, 2.2, battleRope('#fab005')));
    for (const [X, z] of [
      [0.6, 2.5],
      [0.66, 2.1],
      [0.62, 1.6],
    ] as const) {
      props.push(place(view, X, z, medball(mood.ink)));
    }
    props.push(place(view, -0.7, 2.1, treadmill(mood.ink, mood.accent)));
    props.push(place(view, -0.72, 1.5, treadmill(mood.ink, mood.accent)));
    return { defs: shell.defs, body: shell.body + props.join('') };
  }
  props.push(place(view, -0.65, 2.4, plyoBox(mood.ink, mood.accent, 300)));
  props.push(place(view, -0.62, 1.9, plyoBox(mood.ink, mood.accent, 220)));
  for (const [X, z, k] of [
    [0.55, 2.5, 1],
    [0.68, 2.2, 1.1],
    [0.6, 1.7, 1.2],
    [-0.5, 1.35, 1],
  ] as const) {
    props.push(place(view, X, z, kettlebell(mood.ink, k)));
  }
  // Suspension straps hanging from a beam.
  const straps = [-0.15, 0.15]
    .map((X) =>
      place(
        view,
        X,
        2.3,
        `<line x1="0" y1="-1000" x2="0" y2="-520" stroke="${mood.accent}" stroke-width="10"/><rect x="-20" y="-520" width="40" height="60" rx="8" fill="${mood.ink}"/>`,
      ),
    )
    .join('');
  props.push(straps);
  return { defs: shell.defs, body: shell.body + props.join('') };
}
function combatHall(size: Size, random: Random, variant: number): Drawn {
  if (variant % 2 === 1) {
    // Rows of bags, a boxer working on the nearest one.
    const { mood, view, shell } = interior(size, random, 'steel', { lights: 'panels' });
    const props: string[] = [];
    for (const z of [2.6, 2.1, 1.7]) {
      for (const X of [-0.55, 0, 0.55]) props.push(place(view, X, z, heavyBag(mood.ink, mood.lamp)));
    }
    props.push(place(view, -0.28, 1.5, person('guard', mood.ink, 560)));
    props.push(place(view, -0.05, 1.35, heavyBag(mood.ink, mood.lamp)));
    return { defs: shell.defs, body: shell.body + props.join('') };
  }
  const { mood, view, shell } = interior(size, random, 'ember', { lights: 'none' });
  const props: string[] = [ringPlatform(view, mood, 2.15)];
  for (const [X, z] of [
    [-0.72, 2.4],
    [-0.72, 1.8],
    [-0.72, 1.35],
    [0.72, 2.4],
    [0.72, 1.8],
    [0.72, 1.35],
  ] as const) {
    props.push(place(view, X, z, heavyBag(mood.ink, mood.glow)));
  }
  return { defs: shell.defs, body: shell.body + spotlight(view, mood, 0, 2.3) + props.join('') };
}
function boxingRing(size: Size, random: Random): Drawn {
  const { mood, view, shell } = interior(size, random, 'ember', { lights: 'none' });
  const crowd = Array.from({ length: 46 }, (_, i) => {
    const X = -0.95 + (i % 23) * 0.086;
    const z = view.zBack - 0.05 - Math.floor(i / 23) * 0.3;
    return place(view, X + between(random, -0.02, 0.02), z, person('stand', '#2a1f1b', between(random, 360, 420)));
  }).join('');
  const body = [
    crowd,
    spotlight(view, mood, 0, 2.0),
    ringPlatform(view, mood, 1.8),
    place(view, -0.14, 1.9, person('guard', mood.ink, 560), false),
    place(view, 0.14, 1.9, person('guard', mood.ink, 560), true),
  ];
  return { defs: shell.defs, body: shell.body + body.join('') };
}

function spotlight(view: View, mood: Mood, X: number, z: number): string {
  const [x, y] = at(view, X, 0, z);
  const [tx] = at(view, X, 1, z);
  const id = `spot${Math.round(x)}`;
  return `<defs>${linear(id, [
    [0, mood.lamp, 0.05],
    [1, mood.glow, 0.45],
  ])}</defs><polygon points="${points([
    [tx - view.width * 0.02, 0],
    [tx + view.width * 0.02, 0],
    [x + view.width * 0.2, y],
    [x - view.width * 0.2, y],
  ])}" fill="url(#${id})"/>
  ${glow(x, y, view.width * 0.3, view.height * 0.08, mood.glow, 0.6)}`;
}

function ringPlatform(view: View, mood: Mood, zFront: number): string {
  const zBackEdge = zFront + 0.9;
  const X0 = -0.42;
  const X1 = 0.42;
  const top = 0.07;
  const parts = [
    quad(
      view,
      [
        [X0, 0, zFront],
        [X1, 0, zFront],
        [X1, top, zFront],
        [X0, top, zFront],
      ],
      `fill="${mood.ink}"`,
    ),
    quad(
      view,
      [
        [X0, top, zFront],
        [X1, top, zFront],
        [X1, top, zBackEdge],
        [X0, top, zBackEdge],
      ],
      `fill="#c9ced6" fill-opacity="0.75"`,
    ),
  ];
  const postHeight = top + 0.22;
  for (const [X, z] of [
    [X0, zBackEdge],
    [X1, zBackEdge],
    [X0, zFront],
    [X1, zFront],
  ] as const) {
    const [x1, y1] = at(view, X, top, z);
    const [, y2] = at(view, X, postHeight, z);
    parts.push(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x1)}" y2="${n(y2)}" stroke="${mood.ink}" stroke-width="${n(unitAt(view, z) * 24)}"/>`,
    );
  }
  const ropes: string[] = [];
  for (const Y of [top + 0.08, top + 0.14, top + 0.2]) {
    const corners = [
      at(view, X0, Y, zFront),
      at(view, X0, Y, zBackEdge),
      at(view, X1, Y, zBackEdge),
      at(view, X1, Y, zFront),
    ];
    ropes.push(`<polyline points="${points(corners)}" fill="none"/>`);
    ropes.push(
      `<line x1="${n(corners[0]![0])}" y1="${n(corners[0]![1])}" x2="${n(corners[3]![0])}" y2="${n(corners[3]![1])}"/>`,
    );
  }
  parts.push(`<g stroke="${mood.accent}" stroke-width="${n(unitAt(view, zFront) * 9)}">${ropes.join('')}</g>`);
  return parts.join('');
}

function danceStudio(size: Size, random: Random, variant: number): Drawn {
  const { mood, view, shell } = interior(size, random, variant % 2 ? 'warm' : 'plum', {
    boards: true,
    lights: variant % 2 ? 'panels' : 'none',
  });
  const { zBack } = view;
  const panels: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const X0 = -1 + i * (2 / 6) + 0.01;
    const X1 = X0 + 2 / 6 - 0.02;
    panels.push(
      quad(
        view,
        [
          [X0, 0.05, zBack],
          [X1, 0.05, zBack],
          [X1, 0.85, zBack],
          [X0, 0.85, zBack],
        ],
        'fill="url(#mirror)"',
      ),
    );
  }
  const beams = [-0.6, 0, 0.6]
    .map((X, i) => {
      const [x, y] = at(view, X, 0, 1.9);
      const color = [mood.glow, mood.accent, '#74c0fc'][i]!;
      return `${glow(x, y, view.width * 0.16, view.height * 0.06, color, 0.8)}
      <polygon points="${points([
        [x - view.width * 0.01, 0],
        [x + view.width * 0.01, 0],
        [x + view.width * 0.11, y],
        [x - view.width * 0.11, y],
      ])}" fill="${color}" fill-opacity="0.12"/>`;
    })
    .join('');
  const dancers = [
    place(view, -0.35, 2.1, person('cheer', mood.ink, 520)),
    place(view, 0.3, 2.0, person('warrior', mood.ink, 520)),
  ].join('');
  const defs = `${shell.defs}${linear(
    'mirror',
    [
      [0, '#ffffff', 0.28],
      [0.5, mood.window, 0.12],
      [1, '#ffffff', 0.24],
    ],
    false,
  )}`;
  return { defs, body: shell.body + panels.join('') + beams + dancers };
}

function cycleStudio(size: Size, random: Random, variant: number): Drawn {
  const { mood: neon, view, shell } = interior(size, random, 'neon', { lights: 'none' });
  const mood = variant % 2 ? { ...neon, glow: '#ff4d4f', accent: '#ffa94d' } : neon;
  const { zBack } = view;
  const strips = [0.2, 0.55, 0.9]
    .map((Y, i) => {
      const color = i === 1 ? mood.accent : mood.glow;
      const band = (side: number, from: number, to: number, attrs: string) =>
        quad(
          view,
          [
            [side, from, 1],
            [side, to, 1],
            [side, to, zBack],
            [side, from, zBack],
          ],
          attrs,
        );
      return [-1, 1]
        .map(
          (side) =>
            band(side, Y - 0.03, Y + 0.042, `fill="${color}" fill-opacity="0.16"`) +
            band(side, Y - 0.008, Y + 0.02, `fill="${color}" fill-opacity="0.35"`) +
            band(side, Y, Y + 0.012, `fill="${color}"`),
        )
        .join('');
    })
    .join('');
  const [gx, gy] = at(view, 0, 0.5, zBack);
  const backGlow = glow(gx, gy, view.width * 0.45, view.height * 0.3, mood.glow, 0.75);
  const bikes: string[] = [];
  for (const z of [2.6, 2.1, 1.7, 1.4]) {
    for (const X of [-0.6, -0.2, 0.2, 0.6]) bikes.push(place(view, X, z, spinBike(mood.ink, mood.accent)));
  }
  return {
    defs: shell.defs,
    body: `${shell.body}${backGlow}${strips}${bikes.join('')}`,
  };
}

function counter(view: View, mood: Mood, X0: number, X1: number, z: number, top: string): string {
  const height = 0.33;
  return (
    quad(
      view,
      [
        [X0, 0, z],
        [X1, 0, z],
        [X1, height, z],
        [X0, height, z],
      ],
      `fill="${mood.ink}"`,
    ) +
    quad(
      view,
      [
        [X0, height, z],
        [X1, height, z],
        [X1, height, z + 0.25],
        [X0, height, z + 0.25],
      ],
      `fill="${top}"`,
    ) +
    quad(
      view,
      [
        [X0, height * 0.55, z - 0.001],
        [X1, height * 0.55, z - 0.001],
        [X1, height * 0.58, z - 0.001],
        [X0, height * 0.58, z - 0.001],
      ],
      `fill="${mood.glow}" fill-opacity="0.8"`,
    )
  );
}

function reception(size: Size, random: Random): Drawn {
  const { mood, view, shell } = interior(size, random, 'warm', { lights: 'panels' });
  const { zBack } = view;
  const wallPanel = quad(
    view,
    [
      [-0.5, 0.25, zBack],
      [0.5, 0.25, zBack],
      [0.5, 0.8, zBack],
      [-0.5, 0.8, zBack],
    ],
    `fill="${mood.accent}" fill-opacity="0.85"`,
  );
  const mark = (() => {
    const [x, y] = at(view, 0, 0.53, zBack);
    const r = unitAt(view, zBack) * 70;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="none" stroke="#fff" stroke-width="${n(r * 0.22)}"/>`;
  })();
  const body = [
    wallPanel,
    mark,
    counter(view, mood, -0.55, 0.55, 1.9, '#f8f1e7'),
    ...[-0.3, 0, 0.3].map((X) => place(view, X, 2.0, pendantLamp(mood.ink, mood.lamp, 330))),
    place(view, -0.82, 1.5, plant(mood.ink, '#2f9e44')),
    place(view, 0.82, 1.5, plant(mood.ink, '#37b24d')),
  ];
  return { defs: shell.defs, body: shell.body + body.join('') };
}

function fitnessBar(size: Size, random: Random): Drawn {
  const { mood, view, shell } = interior(size, random, 'plum', { boards: true, lights: 'none' });
  const shelves = [0.45, 0.62]
    .map((Y) =>
      quad(
        view,
        [
          [-0.7, Y, view.zBack],
          [0.7, Y, view.zBack],
          [0.7, Y + 0.015, view.zBack],
          [-0.7, Y + 0.015, view.zBack],
        ],
        `fill="${mood.glow}"`,
      ),
    )
    .join('');
  const bottles = Array.from({ length: 18 }, (_, i) => {
    const X = -0.65 + (i % 9) * 0.16;
    const Y = i < 9 ? 0.465 : 0.635;
    const [x, y] = at(view, X, Y, view.zBack);
    const k = unitAt(view, view.zBack);
    const color = ['#69db7c', '#ffa94d', '#fff', '#74c0fc'][i % 4]!;
    return `<rect x="${n(x - 14 * k)}" y="${n(y - 90 * k)}" width="${n(28 * k)}" height="${n(90 * k)}" rx="${n(6 * k)}" fill="${color}" fill-opacity="0.8"/>`;
  }).join('');
  const body = [
    `${glow(...at(view, 0, 0.55, view.zBack), view.width * 0.35, view.height * 0.16, mood.glow, 0.5)}${shelves}${bottles}`,
    counter(view, mood, -0.8, 0.5, 2.1, '#e9ecef'),
    ...[-0.55, -0.2, 0.15].map((X) => place(view, X, 1.75, stool(mood.ink))),
    ...[-0.5, 0, 0.5].map((X) => place(view, X, 2.2, pendantLamp(mood.ink, mood.lamp, 300))),
    place(view, 0.82, 1.6, plant(mood.ink, '#40c057')),
  ];
  return { defs: shell.defs, body: shell.body + body.join('') };
}

/** Outdoors: sky, a low sun, a park's tree line, grass; people as silhouettes against the light. */
function outdoors(size: Size, random: Random, kind: 'park' | 'street', variant: number): Drawn {
  const { width, height } = size;
  const horizon = height * between(random, 0.58, 0.64);
  const sunX = width * between(random, 0.55, 0.75);
  const defs = [
    linear('sky', [
      [0, kind === 'park' ? '#5c7cfa' : '#364fc7'],
      [0.6, '#ffc078'],
      [1, '#ffe8cc'],
    ]),
    linear('ground', [
      [0, kind === 'park' ? '#5c940d' : '#495057'],
      [1, kind === 'park' ? '#2b4a07' : '#212529'],
    ]),
    radial('sun', [
      [0, '#fff9db', 1],
      [0.25, '#ffe066', 0.9],
      [1, '#ffd43b', 0],
    ]),
  ].join('');
  const parts = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${n(sunX)}" cy="${n(horizon - height * 0.08)}" r="${n(height * 0.45)}" fill="url(#sun)"/>`,
  ];
  if (kind === 'park') {
    const trees = Array.from({ length: 16 }, (_, i) => {
      const x = (i / 15) * width + between(random, -30, 30);
      const r = height * between(random, 0.08, 0.14);
      return `<circle cx="${n(x)}" cy="${n(horizon - r * 0.6)}" r="${n(r)}"/><circle cx="${n(x + r * 0.6)}" cy="${n(horizon - r * 0.3)}" r="${n(r * 0.8)}"/>`;
    }).join('');
    parts.push(`<g fill="#2b5a2e" fill-opacity="0.85">${trees}</g>`);
    parts.push(`<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#ground)"/>`);
    const poses: PoseName[] = ['tree', 'warrior', 'tree', 'warrior', 'cheer'];
    const crowd = poses
      .map((pose, i) => {
        const x = width * (0.14 + i * 0.18);
        const y = horizon + height * (0.16 + (i % 2) * 0.1);
        const mat = `<rect x="${n(x - height * 0.09)}" y="${n(y - height * 0.01)}" width="${n(height * 0.18)}" height="${n(height * 0.025)}" rx="${n(height * 0.01)}" fill="${['#e64980', '#4c6ef5', '#fab005'][i % 3]}"/>`;
        return `${mat}<g transform="translate(${n(x)} ${n(y)})">${person(pose, '#1b1b1f', height * 0.3, i % 2 === 1)}</g>`;
      })
      .join('');
    parts.push(crowd);
  } else {
    const vx = width * 0.5;
    const buildings = Array.from({ length: 12 }, (_, i) => {
      const bw = width * between(random, 0.06, 0.1);
      const x = (i / 11) * width - bw / 2;
      const bh = height * between(random, 0.15, 0.4);
      return `<rect x="${n(x)}" y="${n(horizon - bh)}" width="${n(bw)}" height="${n(bh)}"/>`;
    }).join('');
    parts.push(`<g fill="#343a40" fill-opacity="0.75">${buildings}</g>`);
    parts.push(`<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#ground)"/>`);
    parts.push(
      `<polygon points="${points([
        [vx - width * 0.02, horizon],
        [vx + width * 0.02, horizon],
        [vx + width * 0.7, height],
        [vx - width * 0.7, height],
      ])}" fill="#868e96" fill-opacity="0.45"/>`,
    );
    parts.push(
      `<polygon points="${points([
        [vx - 2, horizon],
        [vx + 2, horizon],
        [vx + width * 0.012, height],
        [vx - width * 0.012, height],
      ])}" fill="#fff" fill-opacity="0.6"/>`,
    );
    const runners = Array.from({ length: 9 }, (_, i) => {
      const depth = 0.35 + (i / 8) * 0.65;
      const x = vx + (i % 2 ? 1 : -1) * width * (0.05 + 0.25 * depth * between(random, 0.3, 1));
      const y = horizon + (height - horizon) * depth * 0.9;
      const shirt = i % 3 === 0 ? '#e8590c' : '#1b1b1f';
      return `<g transform="translate(${n(x)} ${n(y)})">${person('run', shirt, height * 0.42 * depth, i % 4 === 1)}</g>`;
    }).join('');
    parts.push(runners);
  }
  void variant;
  return { defs, body: parts.join('') };
}

function friends(size: Size, random: Random): Drawn {
  const { mood, view, shell } = interior(size, random, 'steel', { lights: 'panels' });
  const metal = '#cfd8e3';
  const body = [
    backWindows(view, mood, 3, 0.55),
    place(view, -0.65, 2.2, powerRack(mood.ink, metal)),
    place(view, 0.65, 2.2, powerRack(mood.ink, metal), true),
    place(view, -0.1, 1.6, person('cheer', mood.ink, 560)),
    place(view, 0.1, 1.6, person('cheer', mood.ink, 560), true),
  ];
  return { defs: shell.defs, body: shell.body + body.join('') };
}

function scene(kind: Scene, size: Size, seed: number, variant: number): string {
  const random = randomFrom(seed);
  const drawers: Record<Scene, () => Drawn> = {
    'gym-floor': () => gymFloor(size, random, variant),
    'free-weights': () => freeWeights(size, random),
    'yoga-studio': () => yogaStudio(size, random, variant),
    'pilates-studio': () => pilatesStudio(size, random, variant),
    'functional-zone': () => functionalZone(size, random, variant),
    'combat-hall': () => combatHall(size, random, variant),
    'boxing-ring': () => boxingRing(size, random),
    'dance-studio': () => danceStudio(size, random, variant),
    'cycle-studio': () => cycleStudio(size, random, variant),
    reception: () => reception(size, random),
    'fitness-bar': () => fitnessBar(size, random),
    'outdoor-yoga': () => outdoors(size, random, 'park', variant),
    marathon: () => outdoors(size, random, 'street', variant),
    friends: () => friends(size, random),
  };
  const drawn = drawers[kind]();
  const lightColor = kind === 'cycle-studio' ? (variant % 2 ? '#ff4d4f' : '#b43cff') : '#ffe8c2';
  return svg(size, drawn.defs, drawn.body + finish(size, { x: 0.5, y: 0.45, color: lightColor, strength: 0.18 }));
}

// ─── Portraits ──────────────────────────────────────────────────────────────────────────────────

/** A coach's backdrop takes the tones of the scene of their main trend. */
const BACKDROPS: Partial<Record<Scene, readonly [string, string]>> = {
  'yoga-studio': ['#f08c00', '#c2255c'],
  'pilates-studio': ['#20c997', '#1864ab'],
  'functional-zone': ['#37b24d', '#1b4332'],
  'combat-hall': ['#c92a2a', '#212529'],
  'dance-studio': ['#ae3ec9', '#f76707'],
  'cycle-studio': ['#3b5bdb', '#0b7285'],
};

export function portraitBackdrop(scene: Scene): readonly [string, string] {
  return BACKDROPS[scene] ?? ['#495057', '#212529'];
}

export type Hair = 'short' | 'crop' | 'bun' | 'long' | 'ponytail';

export interface PortraitOptions {
  hair: Hair;
  /** Backdrop colours: from the coach's main trend. */
  backdrop: readonly [string, string];
  /** The club T-shirt's colour. */
  shirt: string;
  rim: string;
  /** Which side the key light comes from. */
  lightFrom: 'left' | 'right';
  /** Head tilt in degrees. */
  tilt: number;
  /** 0 = slender … 1 = broad shoulders. */
  build: number;
}

/** Hair outlines around a head centred at (400, 455), 210 × 264. */
const HAIR_PATHS: Record<Hair, { back?: string; front: string }> = {
  short: {
    front:
      'M284 480 C270 370 316 306 398 300 C470 296 532 344 518 470 C512 440 500 418 478 404 C430 420 350 410 310 396 C296 420 288 450 284 480 Z',
  },
  crop: {
    front:
      'M290 455 C288 372 334 322 400 320 C468 320 512 370 510 455 C498 420 470 396 400 394 C334 396 302 420 290 455 Z',
  },
  bun: {
    back: 'M400 300 m-60 0 a60 54 0 1 0 120 0 a60 54 0 1 0 -120 0',
    front:
      'M282 490 C272 360 330 304 400 304 C474 304 530 360 518 490 C506 436 476 400 400 396 C326 400 294 436 282 490 Z',
  },
  long: {
    back: 'M282 460 C268 350 326 308 400 308 C474 308 532 350 518 460 C532 560 540 650 528 740 L272 740 C260 650 268 560 282 460 Z',
    front:
      'M280 500 C270 366 330 306 400 306 C472 306 532 366 520 500 C504 430 470 398 400 398 C330 398 296 430 280 500 Z',
  },
  ponytail: {
    back: 'M500 380 C586 400 616 520 574 660 C560 590 540 520 492 470 Z',
    front:
      'M282 480 C274 362 330 306 400 306 C472 306 528 362 518 480 C508 430 478 398 400 396 C326 398 294 430 282 480 Z',
  },
};

function portraitSvg(options: PortraitOptions, seed: number): string {
  const { width, height } = PORTRAIT_SIZE;
  const random = randomFrom(seed);
  const lightX = options.lightFrom === 'left' ? 0.28 : 0.72;
  const bokeh = Array.from({ length: 6 }, () => {
    const r = between(random, 40, 130);
    return glow(
      between(random, 0, width),
      between(random, 0, height * 0.7),
      r,
      r,
      '#ffffff',
      between(random, 0.15, 0.4),
    );
  }).join('');
  const spread = 40 * options.build;
  const hair = HAIR_PATHS[options.hair];
  const skin =
    '<ellipse cx="400" cy="455" rx="105" ry="132"/><path d="M352 540 L352 640 C346 658 338 668 330 672 L330 706 L470 706 L470 672 C462 668 454 658 448 640 L448 540 Z"/>';
  const head = `<g transform="rotate(${options.tilt} 400 640)">${hair.back ? `<path d="${hair.back}"/>` : ''}${skin}<path d="${hair.front}"/></g>`;
  const torso = `M${60 - spread} 1000 C${64 - spread} 880 ${96 - spread} 770 ${190 - spread / 2} 726 C250 698 300 686 330 672 C360 700 440 700 470 672 C500 686 550 698 ${610 + spread / 2} 726 C${704 + spread} 770 ${736 + spread} 880 ${740 + spread} 1000 Z`;
  const outline = `${head}<path d="${torso}"/>`;
  // In picture coordinates, so head, neck, hair and shirt share one light instead of one each.
  const shade = (id: string, light: string, dark: string) => {
    const [from, to] = options.lightFrom === 'left' ? [light, dark] : [dark, light];
    return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="150" y1="0" x2="650" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  };
  const defs = [
    // The key light is part of the backdrop (behind the figure), not a layer over the picture.
    `<radialGradient id="backdrop" gradientUnits="userSpaceOnUse" cx="${n(width * lightX)}" cy="${n(height * 0.38)}" r="${n(height * 0.85)}">
      <stop offset="0" stop-color="${mix(options.backdrop[0], '#ffffff', 0.55)}"/>
      <stop offset="0.45" stop-color="${options.backdrop[0]}"/>
      <stop offset="1" stop-color="${options.backdrop[1]}"/></radialGradient>`,
    shade('skin', '#3a3f4a', '#161a21'),
    shade('shirt', options.shirt, '#0e1117'),
  ].join('');
  return svg(
    PORTRAIT_SIZE,
    defs,
    `<rect width="${width}" height="${height}" fill="url(#backdrop)"/>
    ${bokeh}
    <g fill="none" stroke="${options.rim}" stroke-linejoin="round">
      <g stroke-width="34" stroke-opacity="0.1">${outline}</g><g stroke-width="18" stroke-opacity="0.22">${outline}</g>
      <g stroke-width="8" stroke-opacity="0.75">${outline}</g></g>
    <g fill="url(#skin)">${head}</g>
    <path d="${torso}" fill="url(#shirt)"/>
    <path d="M330 672 C360 700 440 700 470 672 C455 712 430 730 400 730 C370 730 345 712 330 672 Z" fill="url(#skin)"/>
    ${finish(PORTRAIT_SIZE, { x: lightX, y: 0.38, color: '#fff', strength: 0.06 }, 0.4)}`,
  );
}

// ─── Partner marks ──────────────────────────────────────────────────────────────────────────────

const MARK_SHAPES: Record<LogoMark, (color: string) => string> = {
  leaf: (color) =>
    `<circle cx="120" cy="120" r="62" fill="none" stroke="${color}" stroke-width="12"/>
    <path d="M92 150 C88 104 118 82 156 84 C160 124 136 152 92 150 Z" fill="${color}"/>
    <path d="M96 146 C112 126 128 112 146 98" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  pulse: (color) =>
    `<rect x="58" y="58" width="124" height="124" rx="30" fill="${color}"/>
    <polyline points="74,124 100,124 112,96 128,150 140,112 150,124 166,124" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
  shield: (color) =>
    `<path d="M120 52 L182 74 C182 132 160 168 120 190 C80 168 58 132 58 74 Z" fill="${color}"/>
    <path d="M128 82 L98 128 L120 128 L110 164 L144 112 L122 112 Z" fill="#fff"/>`,
  bean: (color) =>
    `<ellipse cx="120" cy="120" rx="50" ry="68" transform="rotate(28 120 120)" fill="${color}"/>
    <path d="M100 70 C136 100 100 138 140 170" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round" transform="rotate(8 120 120)"/>`,
  peaks: (color) =>
    `<circle cx="156" cy="82" r="16" fill="${color}" fill-opacity="0.55"/>
    <polygon points="48,174 104,86 136,136 152,112 194,174" fill="${color}"/>
    <path d="M76 174 C104 158 124 168 150 150" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" stroke-dasharray="2 14"/>`,
};

function logoSvg(mark: LogoMark, color: string): string {
  const { width, height } = LOGO_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 240 240">
  <rect width="240" height="240" rx="48" fill="${color}" fill-opacity="0.1"/>${MARK_SHAPES[mark](color)}</svg>`;
}

// ─── Rendering ──────────────────────────────────────────────────────────────────────────────────

export type Picture =
  | { kind: 'scene'; scene: Scene; size: Size; seed: number; variant: number }
  | { kind: 'portrait'; options: PortraitOptions; seed: number }
  | { kind: 'logo'; mark: LogoMark; color: string };

export function pictureSvg(picture: Picture): string {
  switch (picture.kind) {
    case 'scene':
      return scene(picture.scene, picture.size, picture.seed, picture.variant);
    case 'portrait':
      return portraitSvg(picture.options, picture.seed);
    case 'logo':
      return logoSvg(picture.mark, picture.color);
  }
}

/** Renders one picture and passes it through the same intake as uploads, so seeded rows look like uploaded ones. */
export async function renderPicture(picture: Picture): Promise<PreparedImage> {
  const image = sharp(Buffer.from(pictureSvg(picture)));
  // Logos keep their transparency; JPEG for the rest (WebP costs ~150 ms per cover at seed time, JPEG ~20 ms).
  const bytes = picture.kind === 'logo' ? await image.png().toBuffer() : await image.jpeg({ quality: 86 }).toBuffer();
  return prepareImage(bytes);
}
