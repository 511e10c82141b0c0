import { PNG } from 'pngjs';

/** [petal, flower centre, background] */
const PALETTES = [
  ['#f783ac', '#e64980', '#fff0f6'],
  ['#ffd43b', '#f59f00', '#fff9db'],
  ['#da77f2', '#ae3ec9', '#f8f0fc'],
  ['#ff8787', '#e03131', '#fff5f5'],
  ['#ffffff', '#adb5bd', '#f1f3f5'],
  ['#ffa94d', '#e8590c', '#fff4e6'],
] as const;
const STEM = '#2f9e44';
const WRAP = '#d3f9d8';

type Rgb = readonly [number, number, number];
/**
 * A shape of the drawing: the colour it paints at a point of the 200 × 200 canvas (null outside it), and
 * the box [x0, y0, x1, y1] outside which it paints nothing (so most points skip most shapes).
 */
interface Shape {
  paint: (x: number, y: number) => Rgb | null;
  box: readonly [number, number, number, number];
}

const rgb = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

type Point = readonly [number, number];

/** Distance from (x, y) to the segment a–b. */
function segmentDistance(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/** The box around `points`, widened by `margin`. */
function boxOf(points: readonly Point[], margin: number): Shape['box'] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [
    Math.min(...xs) - margin,
    Math.min(...ys) - margin,
    Math.max(...xs) + margin,
    Math.max(...ys) + margin,
  ];
}

function line(a: Point, b: Point, width: number, colour: Rgb): Shape {
  return {
    paint: (x, y) => (segmentDistance(x, y, a, b) <= width / 2 ? colour : null),
    box: boxOf([a, b], width),
  };
}

/** A filled polygon (even-odd rule) with an outline. */
function polygon(points: readonly Point[], fill: Rgb, stroke: Rgb, strokeWidth: number): Shape {
  const paint = (x: number, y: number) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (segmentDistance(x, y, points[i]!, points[j]!) <= strokeWidth / 2) return stroke;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside ? fill : null;
  };
  return { paint, box: boxOf(points, strokeWidth) };
}

/** An ellipse centred at (cx, cy) turned by `degrees` about (ox, oy), with an outline. */
function ellipse(
  [ox, oy]: Point,
  degrees: number,
  [cx, cy, rx, ry]: readonly [number, number, number, number],
  fill: Rgb,
  stroke: Rgb,
): Shape {
  const a = (-degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const reach = Math.hypot(cx, cy) + Math.max(rx, ry) + 1;
  const paint = (x: number, y: number) => {
    // Into the petal's own frame: undo the turn about the flower's centre.
    const px = (x - ox) * cos - (y - oy) * sin - cx;
    const py = (x - ox) * sin + (y - oy) * cos - cy;
    const outer = (px / (rx + 0.5)) ** 2 + (py / (ry + 0.5)) ** 2;
    if (outer > 1) return null;
    return (px / (rx - 0.5)) ** 2 + (py / (ry - 0.5)) ** 2 > 1 ? stroke : fill;
  };
  return { paint, box: [ox - reach, oy - reach, ox + reach, oy + reach] };
}

function circle([cx, cy]: Point, r: number, colour: Rgb): Shape {
  return {
    paint: (x, y) => ((x - cx) ** 2 + (y - cy) ** 2 <= r * r ? colour : null),
    box: [cx - r, cy - r, cx + r, cy + r],
  };
}

/** The wrapping's curved top edge (a quadratic curve from (70,150) via (100,175) to (130,150)), then down. */
function wrapOutline(): Point[] {
  const curve = Array.from({ length: 13 }, (_, i): Point => {
    const t = i / 12;
    return [
      (1 - t) ** 2 * 70 + 2 * (1 - t) * t * 100 + t * t * 130,
      (1 - t) ** 2 * 150 + 2 * (1 - t) * t * 175 + t * t * 150,
    ];
  });
  return [...curve, [120, 190], [80, 190]];
}

/**
 * A small bouquet picture as a PNG (`size` × `size` pixels), its colours and number of blooms chosen from the
 * product handle, so every demo product has a picture that phone apps can show (they cannot show SVG).
 * Drawn on a 200-unit canvas with 2 × 2 samples a pixel for smooth edges.
 */
export function bouquetPng(handle: string, size = 400): Buffer {
  const n = hash(handle);
  const [petalHex, centreHex, backgroundHex] = PALETTES[n % PALETTES.length]!;
  const [petal, centre, background, stem, wrap] = [petalHex, centreHex, backgroundHex, STEM, WRAP].map(rgb);
  const blooms = (
    [
      [100, 70],
      [70, 92],
      [130, 92],
      [85, 122],
      [118, 122],
    ] as const
  ).slice(0, 3 + (n % 3));
  const shapes: Shape[] = [
    ...(
      [
        [92, 120],
        [78, 130],
        [122, 130],
        [108, 118],
      ] as const
    ).map((end) => line([100, 190], end, 4, stem!)),
    polygon(wrapOutline(), wrap!, stem!, 2),
    ...blooms.flatMap((at) => [
      ...[0, 72, 144, 216, 288].map((a) => ellipse(at, a, [0, -12, 9, 16], petal!, centre!)),
      circle(at, 7, centre!),
    ]),
  ];
  const colourAt = (x: number, y: number): Rgb => {
    for (let i = shapes.length - 1; i >= 0; i--) {
      const { paint, box } = shapes[i]!;
      if (x < box[0] || y < box[1] || x > box[2] || y > box[3]) continue;
      const c = paint(x, y);
      if (c) return c;
    }
    return background!;
  };

  const png = new PNG({ width: size, height: size, colorType: 2 });
  const scale = 200 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sample = 0; sample < 4; sample++) {
        const c = colourAt((px + 0.25 + (sample & 1) / 2) * scale, (py + 0.25 + (sample >> 1) / 2) * scale);
        r += c[0];
        g += c[1];
        b += c[2];
      }
      const i = (py * size + px) * 4;
      png.data[i] = Math.round(r / 4);
      png.data[i + 1] = Math.round(g / 4);
      png.data[i + 2] = Math.round(b / 4);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}
