/* The explorer page's open time in headless chromium: the page from
 * file://, the file given to bcxExplorer.openBytes, the time from the call
 * to the tree on screen (the page's own "opened" state), median of 5, and
 * the verifier's time after it (the page's findings line).
 * Usage: node explorer_open.js PAGE_DIR FILE CHROMIUM */
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

async function main() {
  const [pageDir, file, chromium] = process.argv.slice(2);
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
    args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 860 });
  await page.goto('file://' + path.resolve(pageDir, 'index.html'));
  await page.waitForFunction(() => document.body.dataset.state === 'empty');
  const b64 = fs.readFileSync(file).toString('base64');
  const times = [];
  let check = '';
  for (let r = 0; r < 5; r++) {
    times.push(await page.evaluate((s) => {
      const bytes = Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
      const t0 = performance.now();
      window.bcxExplorer.openBytes('bench', bytes);
      return performance.now() - t0;
    }, b64));
    await page.waitForFunction(() => document.body.dataset.state === 'ready', { timeout: 120000 });
    check = await page.$eval('#findinfo', (e) => e.textContent);
  }
  times.sort((a, b) => a - b);
  console.log(`  page: open to tree on screen    ${times[2].toFixed(1).padStart(9)} ms (median of 5; wall time)`);
  console.log(`  page: verifier after it          ${check}`);
  await browser.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
