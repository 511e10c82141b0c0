import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const PALETTES = [
  ['#f783ac', '#e64980', '#fff0f6'],
  ['#ffd43b', '#f59f00', '#fff9db'],
  ['#da77f2', '#ae3ec9', '#f8f0fc'],
  ['#ff8787', '#e03131', '#fff5f5'],
  ['#ffffff', '#adb5bd', '#f1f3f5'],
  ['#ffa94d', '#e8590c', '#fff4e6'],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A small bouquet drawing, its colours chosen from the product handle, so every demo product has a picture. */
export function bouquetSvg(handle: string): string {
  const n = hash(handle);
  const [petal, centre, background] = PALETTES[n % PALETTES.length]!;
  const blooms = [
    [100, 70],
    [70, 92],
    [130, 92],
    [85, 122],
    [118, 122],
  ].slice(0, 3 + (n % 3));
  const flower = ([x, y]: number[]) =>
    `<g transform="translate(${String(x)} ${String(y)})">${[0, 72, 144, 216, 288]
      .map(
        (a) =>
          `<ellipse rx="9" ry="16" cy="-12" fill="${petal}" stroke="${centre}" stroke-width="1" transform="rotate(${String(a)})"/>`,
      )
      .join('')}<circle r="7" fill="${centre}"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="400" height="400">
<rect width="200" height="200" fill="${background}"/>
<path d="M100 190 L92 120 M100 190 L78 130 M100 190 L122 130 M100 190 L108 118" stroke="#2f9e44" stroke-width="4" fill="none"/>
<path d="M70 150 Q100 175 130 150 L120 190 L80 190 Z" fill="#d3f9d8" stroke="#2f9e44" stroke-width="2"/>
${blooms.map(flower).join('\n')}
</svg>`;
}

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/products/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) }) } },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(bouquetSvg(request.params.file.replace(/\.svg$/, ''))),
  );
};
