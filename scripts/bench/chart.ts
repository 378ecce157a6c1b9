/**
 * A small SVG line chart of p95 latency against the number of leads, both axes logarithmic, with
 * each series' target as a dashed line where it has one. No dependencies: the report is a file.
 */
export interface Series {
  name: string;
  colour: string;
  /** [leads, p95 ms] */
  points: [number, number][];
  targetMs?: number;
}

const WIDTH = 760;
const HEIGHT = 420;
const PAD = { left: 64, right: 220, top: 24, bottom: 48 };

export function p95Chart(title: string, series: Series[]): string {
  const xs = series.flatMap((s) => s.points.map(([x]) => x));
  const ys = series
    .flatMap((s) => [...s.points.map(([, y]) => y), s.targetMs ?? 0])
    .filter((y) => y > 0);
  const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
  const yMin = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...ys))));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...ys)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (v: number) =>
    PAD.left +
    (xMax === xMin
      ? plotW / 2
      : ((Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW);
  const y = (v: number) =>
    PAD.top +
    plotH -
    ((Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) *
      plotH;
  const parts: string[] = [];
  for (let decade = yMin; decade <= yMax; decade *= 10) {
    parts.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(decade)}" y2="${y(decade)}" stroke="#ddd"/>`,
      `<text x="${PAD.left - 8}" y="${y(decade) + 4}" text-anchor="end">${decade >= 1000 ? `${decade / 1000} s` : `${decade} ms`}</text>`,
    );
  }
  for (const v of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(
      `<line x1="${x(v)}" x2="${x(v)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#eee"/>`,
      `<text x="${x(v)}" y="${PAD.top + plotH + 18}" text-anchor="middle">${v.toLocaleString('en-US')}</text>`,
    );
  }
  series.forEach((s, i) => {
    const path = s.points
      .map(([px, py], j) => `${j ? 'L' : 'M'}${x(px).toFixed(1)},${y(py).toFixed(1)}`)
      .join(' ');
    parts.push(`<path d="${path}" fill="none" stroke="${s.colour}" stroke-width="2"/>`);
    for (const [px, py] of s.points)
      parts.push(
        `<circle cx="${x(px).toFixed(1)}" cy="${y(py).toFixed(1)}" r="3" fill="${s.colour}"/>`,
      );
    if (s.targetMs)
      parts.push(
        `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(s.targetMs)}" y2="${y(s.targetMs)}" stroke="${s.colour}" stroke-dasharray="5 4" opacity="0.7"/>`,
      );
    const ly = PAD.top + 14 + i * 20;
    parts.push(
      `<line x1="${WIDTH - PAD.right + 16}" x2="${WIDTH - PAD.right + 36}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`,
      `<text x="${WIDTH - PAD.right + 42}" y="${ly}">${escape(s.name)}${s.targetMs ? ` (target ${s.targetMs} ms)` : ''}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${PAD.left}" y="16" font-weight="bold">${escape(title)}</text>
<text x="${PAD.left + plotW / 2}" y="${HEIGHT - 8}" text-anchor="middle">leads in the inbox (log scale)</text>
${parts.join('\n')}
</svg>
`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
