/**
 * Exports of the Graph view: the drawn SVG as a standalone file (the whole graph at 1:1, whatever the
 * pan and zoom, on a white background), and the same picture as a PNG. The drawing uses presentation
 * attributes only (no CSS), so the copy looks like the view. Names are drawn as `pictureLabel` shows
 * them, so the file is well-formed XML whatever characters a name holds.
 */
import { pictureLabel } from '../../core/index.ts';
import type { GraphLayout } from './graph-layout.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The standalone SVG text of the drawn graph `svg`, laid out as `layout`. */
export function exportSvgText(svg: SVGSVGElement, layout: GraphLayout): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const width = Math.ceil(layout.width);
  const height = Math.ceil(layout.height);
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  copy.setAttribute(
    'font-family',
    'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif',
  );
  for (const name of ['class', 'role', 'aria-label', 'data-testid']) copy.removeAttribute(name);
  // `data-name` holds the agent's name as it is (the view finds nodes by it), and an XML file cannot
  // hold some of its characters (a NUL, an ESC): the copy names each node as its label shows it.
  for (const element of copy.querySelectorAll('[data-name]'))
    element.setAttribute('data-name', pictureLabel(element.getAttribute('data-name') ?? ''));
  copy.querySelector('.scene')?.removeAttribute('transform');
  for (const element of copy.querySelectorAll('[tabindex]')) {
    element.removeAttribute('tabindex');
    element.removeAttribute('role');
    element.removeAttribute('aria-pressed');
  }
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The drawn graph as a PNG at twice its size (sharp on high-density screens). */
export async function exportPng(svg: SVGSVGElement, layout: GraphLayout): Promise<Blob> {
  const text = exportSvgText(svg, layout);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.ceil(layout.width * scale));
    canvas.height = Math.max(1, Math.ceil(layout.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
