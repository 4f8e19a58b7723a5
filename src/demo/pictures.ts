import sharp from 'sharp';
import type { DemoProduct } from './data.ts';

/**
 * A product picture drawn on this machine (nothing is downloaded): the product's colour as a
 * soft background and a simple silhouette of what it is, rendered from SVG to PNG by sharp.
 */
const SHAPES: Record<DemoProduct['shape'], string> = {
  cup: '<path d="M180 250h200v120a80 80 0 0 1-80 80h-40a80 80 0 0 1-80-80z"/><path d="M380 280h30a40 40 0 0 1 0 80h-30v-24h30a16 16 0 0 0 0-32h-30z"/><rect x="150" y="460" width="300" height="16" rx="8"/>',
  leaf: '<path d="M300 130c120 60 150 200 60 320-30 40-90 40-120 0-90-120-60-260 60-320z"/><path d="M300 170v300" stroke-width="8" stroke="rgba(255,255,255,.55)"/>',
  bowl: '<path d="M140 280h320a160 130 0 0 1-320 0z"/><rect x="240" y="410" width="120" height="22" rx="8"/>',
  vase: '<path d="M260 140h80v40c0 30 60 70 60 150 0 80-40 120-100 120s-100-40-100-120c0-80 60-120 60-150z"/>',
  plate: '<ellipse cx="300" cy="320" rx="190" ry="150"/><ellipse cx="300" cy="320" rx="120" ry="92" fill="rgba(255,255,255,.25)"/>',
  bean: '<ellipse cx="250" cy="300" rx="70" ry="105" transform="rotate(-25 250 300)"/><ellipse cx="360" cy="320" rx="70" ry="105" transform="rotate(20 360 320)"/>',
};

/** Dark silhouette on a light background colour, or a light one on a dark colour. */
function inkFor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? 'rgba(40,40,40,.78)' : 'rgba(255,255,255,.9)';
}

export async function productPicture(product: DemoProduct): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ffffff" stop-opacity=".35"/><stop offset="1" stop-color="#000000" stop-opacity=".12"/></radialGradient></defs>
  <rect width="600" height="600" fill="${product.colour}"/><rect width="600" height="600" fill="url(#g)"/>
  <g fill="${inkFor(product.colour)}">${SHAPES[product.shape]}</g>
</svg>`;
  return sharp(Buffer.from(svg)).resize(400, 400).png({ compressionLevel: 2 }).toBuffer();
}
