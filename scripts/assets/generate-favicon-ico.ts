/**
 * Writes public/favicon.ico from public/images/favicon.svg for clients that ask for /favicon.ico and
 * do not read the page's SVG icon link: Debian Chromium renders the SVG at 16, 32 and 48 px, and
 * the PNG frames are packed into one ICO (PNG payloads, which every ICO reader since Windows Vista
 * takes). Run once when the icon changes; the output is committed:
 *
 *   npx tsx --tsconfig tsconfig.test.json scripts/assets/generate-favicon-ico.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../stack/chromium';

const ROOT = join(__dirname, '..', '..');
const SIZES = [16, 32, 48];

async function main(): Promise<void> {
  const svg = await readFile(join(ROOT, 'public/images/favicon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const frames: Buffer[] = [];
  try {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      frames.push(await page.screenshot({ omitBackground: true, type: 'png' }));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  await writeFile(join(ROOT, 'public/favicon.ico'), ico(frames));
}

/** ICONDIR, one ICONDIRENTRY per frame, then the frames (sizes in SIZES order). */
function ico(pngs: Buffer[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach((png, i) => {
    const size = SIZES[i]!;
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // width (0 would mean 256)
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
