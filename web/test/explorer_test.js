/* The explorer page in a real browser: Debian's chromium, headless, driven
 * through puppeteer-core. The page is opened from file:// (as a user opens
 * it without a server) and each file is given to its file input, as a user
 * picks one; the checks read what the panes show.
 *
 *   node explorer_test.js PAGE_DIR FILES_DIR CHROMIUM [SCREENSHOT.png]
 *
 * With BCX_EXPLORER_URL set (a local server of PAGE_DIR), the page is also
 * opened from there.
 * FILES_DIR holds vadd.tileirbc, hello.mlirbc, hello.bc (from examples/),
 * factorial.tbon, bad.tileirbc, many.tileirbc, cut.tileirbc and cut.bc
 * (made by explorer_test.sh). Prints one
 * line per check and "N passed, N failed"; exits 1 when a check failed. */
'use strict';

const path = require('path');
const puppeteer = require('puppeteer-core');

const [pageDir, filesDir, chromium, shot] = process.argv.slice(2);
let passed = 0, failed = 0;

function check(ok, what) {
  if (ok) passed++; else failed++;
  console.log(`${ok ? 'ok' : 'FAIL'}: ${what}`);
}

async function openFile(page, name) {
  const input = await page.$('#file');
  await input.uploadFile(path.join(filesDir, name));
  await page.waitForFunction((n) => document.body.dataset.state === 'ready' &&
    document.getElementById('name').textContent === n, { timeout: 20000 }, name);
}

/* The visible tree rows' labels. */
function rowLabels(page) {
  return page.$$eval('#tree .trow .label', (els) => els.map((e) => e.textContent));
}

/* Click the tree row labelled `label` (its toggle when toggle is set). */
async function clickRow(page, label, toggle) {
  const ok = await page.evaluate((l, t) => {
    for (const row of document.querySelectorAll('#tree .trow')) {
      if (row.querySelector('.label').textContent !== l) continue;
      row.querySelector(t ? '.tog' : '.label').click();
      return true;
    }
    return false;
  }, label, toggle);
  check(ok, `tree row "${label}" is shown${toggle ? ' and opens' : ''}`);
  return ok;
}

/* The selected node as the page's model has it, and what the hex view
 * highlights: the first highlighted byte and how many are. */
function selection(page) {
  return page.evaluate(() => {
    const x = window.bcxExplorer;
    const n = x.nodes()[x.selected()];
    const hl = [...document.querySelectorAll('#hex b.in')].map((b) => +b.dataset.o);
    const bytes = n ? (n.bits ? [Math.floor(n.b / 8), Math.ceil(n.e / 8)] : [n.b, n.e]) : [0, 0];
    /* the hex view shows the rows on screen only */
    const shown = [...document.querySelectorAll('#hex b')].map((b) => +b.dataset.o)
      .filter((o) => o >= bytes[0] && o < bytes[1]).length;
    const sel = document.querySelector('#tree .trow.sel .label');
    const op = document.querySelector('#text .op.sel');
    return { label: n && n.label, bytes, first: hl.length ? hl[0] : -1, count: hl.length, shown,
      row: sel && sel.textContent, textOp: op && op.textContent };
  });
}

async function checkHighlight(page, label) {
  const s = await selection(page);
  check(s.label === label && s.row === label, `"${label}" is selected in the tree (${s.row})`);
  check(s.first === s.bytes[0] && s.count === s.shown && s.count > 0,
    `the hex view highlights its bytes ${s.bytes[0]}..${s.bytes[1]} (first ${s.first}, ${s.count} of ${s.shown} shown)`);
  return s;
}

async function tileir(page) {
  await openFile(page, 'vadd.tileirbc');
  check((await page.$eval('#format', (e) => e.textContent)).startsWith('CUDA Tile IR 13.'), 'Tile IR: format');
  check((await rowLabels(page)).includes('entry @vadd'), 'Tile IR: the function is in the tree');
  check(!(await rowLabels(page)).includes('cuda_tile.addf'), 'Tile IR: its body waits to be expanded');
  await clickRow(page, 'entry @vadd', true);
  await clickRow(page, 'cuda_tile.addf');
  const s = await checkHighlight(page, 'cuda_tile.addf');
  check(s.textOp && /%0 = addf %tile, %tile_4/.test(s.textOp), `Tile IR: the text marks the op (${s.textOp})`);
  const text = await page.$eval('#text', (e) => e.textContent);
  check(text.startsWith('cuda_tile.module @kernels {'), 'Tile IR: the text is bcx dis');
  /* text -> node */
  await page.evaluate(() => {
    const op = [...document.querySelectorAll('#text .op')].find((e) => /make_partition_view/.test(e.textContent));
    op.click();
  });
  await checkHighlight(page, 'cuda_tile.make_partition_view');
  /* byte -> node: a byte inside addf */
  await page.evaluate((o) => document.querySelector(`#hex b[data-o="${o}"]`).click(), s.bytes[0] + 2);
  const back = await selection(page);
  check(back.label === 'cuda_tile.addf' && back.textOp && /addf/.test(back.textOp),
    `Tile IR: clicking byte ${s.bytes[0] + 2} selects addf (${back.label})`);
  check((await page.$eval('#findinfo', (e) => e.textContent)).startsWith('no findings'), 'Tile IR: verifies clean');
  check(await page.$$eval('#map .cell', (e) => e.length) >= 3, 'Tile IR: the size map has cells');
  if (shot) await page.screenshot({ path: shot });
}

async function mlirbc(page) {
  await openFile(page, 'hello.mlirbc');
  check((await page.$eval('#format', (e) => e.textContent)) === 'mlirbc', 'MLIR: format');
  await clickRow(page, 'builtin.module', true);
  await clickRow(page, 'func.func', true);
  check((await rowLabels(page)).includes('func.return'), 'MLIR: the function body is in the tree');
  await clickRow(page, 'func.return');
  await checkHighlight(page, 'func.return');
  const text = await page.$eval('#text', (e) => e.textContent);
  check(text.includes('"func.func"()') && text.includes('"func.return"'), 'MLIR: the text is the generic form');
  check(/^ *"func.return"\(\)/.test((await selection(page)).textOp || ''), 'MLIR: the text marks the op');
  await page.evaluate(() => {
    [...document.querySelectorAll('#text .op')].find((e) => /arith.mulf/.test(e.textContent)).click();
  });
  await checkHighlight(page, 'arith.mulf');
}

async function bitstream(page) {
  await openFile(page, 'hello.bc');
  check((await page.$eval('#format', (e) => e.textContent)) === 'llvm-bitstream', 'bitstream: format');
  await clickRow(page, 'MODULE_BLOCK');
  const s = await checkHighlight(page, 'MODULE_BLOCK');
  const n = await page.evaluate(() => window.bcxExplorer.nodes()[window.bcxExplorer.selected()]);
  check(n.bits && n.b % 32 === 0 && /bits \d+–\d+/.test(await page.$eval('#selinfo', (e) => e.textContent)),
    `bitstream: a bit range (${n.b}..${n.e}) covering bytes ${s.bytes[0]}..${s.bytes[1]}`);
  const text = await page.$eval('#text', (e) => e.textContent);
  check(text.includes('<MODULE_BLOCK'), 'bitstream: the text is the analyzer dump');
}

async function tbon(page) {
  await openFile(page, 'factorial.tbon');
  check((await page.$eval('#format', (e) => e.textContent)) === 'tbon', 'TBON: format');
  check((await rowLabels(page)).includes('object root'), 'TBON: the root is in the tree');
  await clickRow(page, 'object root');
  await checkHighlight(page, 'object root');
  check((await page.$eval('#text', (e) => e.textContent)).length > 0, 'TBON: the text is the dump');
}

async function findings(page) {
  await openFile(page, 'bad.tileirbc');
  const items = await page.$$eval('#findings li.error', (e) => e.map((x) => x.textContent));
  check(items.length === 3 && items[0].includes("'cuda_tile.addf' op operand #0 must be tile of f16"),
    `verifier: three errors listed (${items.length})`);
  check(await page.$$eval('#hex b.err', (e) => e.length) > 0, 'verifier: the op\'s bytes are marked in the hex view');
  check(await page.$$eval('#tree .trow.err', (e) => e.length) > 0, 'verifier: the tree marks where the error is');
  await page.click('#findings li');
  const s = await checkHighlight(page, 'cuda_tile.addf');
  check(await page.$eval('#text', (e) => !!e.querySelector('.op.err.sel')), 'verifier: the op is marked in the text');
  check(s.bytes[0] === +(items[0].match(/offset (\d+)/) || [])[1], 'verifier: the finding\'s offset is the op\'s');
}

/* The same page from the local server (explorer_test.sh starts one). */
async function served(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.state === 'empty', { timeout: 20000 });
    await openFile(page, 'vadd.tileirbc');
    check((await rowLabels(page)).includes('entry @vadd'), `the page works from ${url}`);
  } catch (err) {
    check(false, `the page from ${url}: ${err.message}`);
  } finally {
    await page.close();
  }
}

/* A module of 100 functions: the function section stays closed, the text
 * waits for a function, and a byte near the end selects its op, with the
 * tree scrolled to it and that function's text. */
async function many(page) {
  await openFile(page, 'many.tileirbc');
  check(!(await rowLabels(page)).includes('entry @k0'), 'many functions: the section stays closed');
  check(/^100 functions/.test(await page.$eval('#textinfo', (e) => e.textContent)), 'many functions: the text waits for one');
  const o = await page.evaluate(() => {
    const f = window.bcxExplorer.nodes().find((n) => n.label === 'entry @k99');
    const at = f.e - 1;
    const h = document.getElementById('hex');
    h.scrollTop = Math.floor(at / 16) * 18;
    h.dispatchEvent(new Event('scroll'));
    document.querySelector(`#hex b[data-o="${at}"]`).click();
    return at;
  });
  const s = await selection(page);
  check(s.label === 'cuda_tile.return' && s.row === 'cuda_tile.return',
    `many functions: byte ${o} selects the last return, its tree row on screen (${s.row})`);
  check((await page.$eval('#textinfo', (e) => e.textContent)).endsWith('entry @k99') &&
    /^ *return$/.test(s.textOp || ''), `many functions: that function's text, its line marked (${s.textOp})`);
}

/* A file its reader refuses: the reader's error with its offset; a
 * bitstream cut short: the tree up to the cut, the error in the findings. */
async function broken(page) {
  const input = await page.$('#file');
  await input.uploadFile(path.join(filesDir, 'cut.tileirbc'));
  await page.waitForFunction(() => document.body.dataset.state === 'error', { timeout: 20000 });
  const st = await page.$eval('#status', (e) => e.textContent);
  check(/^cut.tileirbc: offset \d+: .*exceeds remaining data size/.test(st), `a refused file shows the reader's error (${st})`);
  await openFile(page, 'cut.bc');
  const items = await page.$$eval('#findings li.error', (e) => e.map((x) => x.textContent));
  check(items.length === 1 && /runs past the end of the bitstream.*bit \d+/.test(items[0]),
    `a cut bitstream lists the reader's error (${items[0]})`);
}

async function main() {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    /* as root, chromium runs only without its sandbox */
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('file://' + path.resolve(pageDir, 'index.html'));
    await page.waitForFunction(() => document.body.dataset.state === 'empty', { timeout: 20000 });
    check(true, 'the page loads its WebAssembly module from file://');
    for (const step of [tileir, mlirbc, bitstream, tbon, findings, many, broken]) {
      try {
        await step(page);
      } catch (err) {
        check(false, `${step.name}: ${err.message}`);
      }
    }
    if (process.env.BCX_EXPLORER_URL) await served(browser, process.env.BCX_EXPLORER_URL);
    check(errors.length === 0, `no script errors (${errors.join('; ')})`);
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => { console.log(`FAIL: ${err.stack}`); console.log(`${passed} passed, ${failed + 1} failed`); process.exit(1); });
