/* bcx explorer: the page over libbcx's explore API (bcx/explore.h), built
 * to WebAssembly (web/wasm/explore_glue.c answers in JSON). Every fact the
 * page shows comes from the library; this file only lays it out and links
 * the panes: a node selected anywhere is selected everywhere.
 *
 * The tree and the hex view are virtual lists (only the rows on screen are
 * in the DOM), and function bodies are decoded when a node is expanded, so
 * a module of many thousand functions opens as fast as its tables read. */
'use strict';

(function () {
  const ROW = 18;                 /* px, as --row in explorer.css */
  const HEX_COLS = 16;
  const WHOLE_TEXT_MAX = 64;      /* Tile IR: whole-module text up to this many functions */
  const TEXT_BYTES_MAX = 4 << 20; /* other formats: text for files up to this size */
  const $ = (id) => document.getElementById(id);

  let M = null;                   /* the WebAssembly module */
  let cur = null;                 /* {name, bytes, ptr, h, format} */
  let nodes = [];                 /* {i, p, kind, label, b, e, bits, lazy, kids} */
  let opened = new Set();         /* tree nodes shown open */
  let visible = [];               /* tree rows: [node, depth] */
  let sel = -1;
  let text = null;                /* {node, text, spans, byNode: Map node -> element} */
  let findings = [];              /* {o, bits, warning, m, where, node} */
  let errNodes = new Map();       /* node -> messages, ancestors included */
  let errRanges = [];             /* byte ranges of the nodes findings point at */

  function str(p) { return M.UTF8ToString(p); }
  function setState(s) { document.body.dataset.state = s; }
  function status(s) { $('status').textContent = s; }
  function esc(s) {
    return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  }
  function hex(v, w) { return v.toString(16).padStart(w || 1, '0'); }

  /* A node's bytes: a bit range covers the bytes its bits touch. */
  function bytesOf(n) {
    return n.bits ? [Math.floor(n.b / 8), Math.ceil(n.e / 8)] : [n.b, n.e];
  }
  function rangeText(n) {
    if (n.bits) return `bits ${n.b}–${n.e} (${n.e - n.b})`;
    return `0x${hex(n.b)}–0x${hex(n.e)} (${n.e - n.b} B)`;
  }

  /* ---- the library ---- */

  function fetchNodes() {
    const rows = JSON.parse(str(M._bcxw_nodes(cur.h, nodes.length)));
    for (const [i, p, kind, label, b, e, bits, lazy] of rows) {
      nodes.push({ i, p, kind, label, b, e, bits: !!bits, lazy: !!lazy, kids: [] });
      if (p >= 0) nodes[p].kids.push(i);
    }
  }

  function expand(i) {
    const n = nodes[i];
    if (n.lazy) {
      if (M._bcxw_expand(cur.h, i) !== 0) {
        status(`cannot expand ${n.label}: ${str(M._bcxw_error())}`);
        return false;
      }
      n.lazy = false;
      fetchNodes();
    }
    return true;
  }

  function findNode(offset) {
    const i = M._bcxw_find(cur.h, offset);
    fetchNodes(); /* finding expands lazy nodes on the way */
    return i;
  }

  function close() {
    if (!cur) return;
    M._bcxw_close(cur.h);
    M._free(cur.ptr);
    cur = null;
  }

  function openBytes(name, bytes) {
    close();
    setState('opening');
    nodes = []; opened = new Set([0]); sel = -1; text = null;
    findings = []; errNodes = new Map(); errRanges = [];
    $('name').textContent = name;
    const ptr = M._malloc(bytes.length || 1);
    M.HEAPU8.set(bytes, ptr);
    const t0 = performance.now();
    const h = M._bcxw_open(ptr, bytes.length);
    if (!h) {
      M._free(ptr);
      const why = str(M._bcxw_error());
      status(`${name}: ${why}`);
      $('format').textContent = '';
      renderAll();
      setState('error');
      return;
    }
    cur = { name, bytes, ptr, h, format: str(M._bcxw_format(h)) };
    fetchNodes();
    const ms = performance.now() - t0;
    $('format').textContent = nodes[0].label;
    status(`opened in ${ms.toFixed(1)} ms: ${nodes.length} nodes, ${bytes.length} bytes`);
    for (const k of nodes[0].kids) if (nodes[k].kids.length && nodes[k].kids.length <= 64) opened.add(k);
    rebuildVisible();
    loadFirstText();
    renderAll();
    setState('opened');
    /* the verifier decodes every body: after the first paint */
    setTimeout(runCheck, 0);
  }

  /* ---- the tree ---- */

  function rebuildVisible() {
    visible = [];
    const stack = [[0, 0]];
    while (stack.length) {
      const [i, d] = stack.pop();
      visible.push([i, d]);
      if (!opened.has(i)) continue;
      const kids = nodes[i].kids;
      for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k], d + 1]);
    }
    /* the new height first: a scroll to a row below the old end would stop there */
    $('tree').querySelector('.spacer').style.height = `${visible.length * ROW}px`;
  }

  function toggle(i) {
    if (opened.has(i)) opened.delete(i);
    else if (expand(i)) opened.add(i);
    rebuildVisible();
    renderTree();
  }

  function renderTree() {
    const box = $('tree');
    box.querySelector('.spacer').style.height = `${visible.length * ROW}px`;
    const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 2);
    const last = Math.min(visible.length, first + Math.ceil(box.clientHeight / ROW) + 4);
    let html = '';
    for (let r = first; r < last; r++) {
      const [i, d] = visible[r];
      const n = nodes[i];
      const more = n.kids.length || n.lazy;
      const tog = more ? (opened.has(i) ? '▾' : '▸') : '';
      const cls = `trow${i === sel ? ' sel' : ''}${errNodes.has(i) ? ' err' : ''}`;
      const title = errNodes.has(i) ? ` title="${esc(errNodes.get(i).join('\n'))}"` : '';
      html += `<div class="${cls}" data-i="${i}" style="padding-left:${d * 14}px"${title}>` +
        `<span class="tog">${tog}</span>` +
        (n.label.startsWith(n.kind) ? '' : `<span class="kind">${esc(n.kind)}</span>`) +
        `<span class="label">${esc(n.label)}</span><span class="range">${rangeText(n)}</span></div>`;
    }
    const rows = box.querySelector('.rows');
    rows.style.top = `${first * ROW}px`;
    rows.innerHTML = html;
  }

  function scrollTreeTo(i) {
    const r = visible.findIndex(([k]) => k === i);
    if (r < 0) return;
    const box = $('tree');
    if (r * ROW < box.scrollTop || (r + 1) * ROW > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, r * ROW - box.clientHeight / 3);
  }

  /* ---- the bytes ---- */

  function inRanges(o, ranges) {
    for (const [b, e] of ranges) if (o >= b && o < e) return true;
    return false;
  }

  function renderHex() {
    const box = $('hex');
    const size = cur ? cur.bytes.length : 0;
    const nrows = Math.ceil(size / HEX_COLS);
    box.querySelector('.spacer').style.height = `${nrows * ROW}px`;
    const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 2);
    const last = Math.min(nrows, first + Math.ceil(box.clientHeight / ROW) + 4);
    const [sb, se] = sel >= 0 ? bytesOf(nodes[sel]) : [0, 0];
    let html = '';
    for (let r = first; r < last; r++) {
      const base = r * HEX_COLS;
      let cells = '', asc = '';
      for (let c = 0; c < HEX_COLS; c++) {
        const o = base + c;
        if (o >= size) { cells += '   '; continue; }
        const v = cur.bytes[o];
        let cls = o >= sb && o < se ? (o === sb ? 'in first' : 'in') : '';
        if (inRanges(o, errRanges)) cls += ' err';
        cells += `<b data-o="${o}"${cls ? ` class="${cls.trim()}"` : ''}>${hex(v, 2)}</b>` +
          (c === 7 ? '  ' : ' ');
        asc += v >= 0x20 && v < 0x7f ? esc(String.fromCharCode(v)) : '.';
      }
      html += `<div class="hrow"><span class="off">${hex(base, 8)}</span>${cells}<span class="asc">${asc}</span></div>`;
    }
    const rows = box.querySelector('.rows');
    rows.style.top = `${first * ROW}px`;
    rows.innerHTML = html;
  }

  function scrollHexTo(offset) {
    const box = $('hex');
    const y = Math.floor(offset / HEX_COLS) * ROW;
    if (y < box.scrollTop || y + ROW > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, y - box.clientHeight / 3);
  }

  /* ---- the text ---- */

  function functionOf(i) {
    for (let k = i; k >= 0; k = nodes[k].p) if (nodes[k].kind === 'function') return k;
    return -1;
  }

  function loadFirstText() {
    const fns = nodes.filter((n) => n.kind === 'function').length;
    if (cur.format === 'tileir' && fns > WHOLE_TEXT_MAX) {
      showNoText(`${fns} functions: select one for its text`);
    } else if (cur.format !== 'tileir' && cur.bytes.length > TEXT_BYTES_MAX) {
      showNoText('the file is large: no text');
    } else {
      loadText(0);
    }
  }

  function showNoText(why) {
    text = null;
    $('text').textContent = '';
    $('textinfo').textContent = why;
  }

  function loadText(node) {
    const s = str(M._bcxw_text(cur.h, node));
    if (s === 'null') {
      showNoText(`no text: ${str(M._bcxw_error())}`);
      return;
    }
    fetchNodes(); /* the text's ops got nodes */
    const t = JSON.parse(s);
    let html = '', at = 0;
    for (const [b, e, n] of t.spans) {
      html += esc(t.text.slice(at, b));
      html += `<span class="op" data-i="${n}">${esc(t.text.slice(b, e))}</span>`;
      at = e;
    }
    html += esc(t.text.slice(at));
    const pre = $('text');
    pre.innerHTML = html;
    const byNode = new Map();
    for (const el of pre.querySelectorAll('.op')) byNode.set(+el.dataset.i, el);
    text = { node, byNode };
    $('textinfo').textContent = node === 0 ? (cur.format === 'tileir' || cur.format === 'mlirbc'
      ? 'bcx dis' : cur.format === 'tbon' ? 'bcx dump' : 'bcx dump (llvm-bcanalyzer -dump)')
      : `bcx dis --function: ${nodes[node].label}`;
    markTextErrors();
  }

  function markTextErrors() {
    if (!text) return;
    for (const [i, el] of text.byNode) {
      const msgs = errNodes.get(i);
      el.classList.toggle('err', !!msgs && nodes[i].kind === 'op');
      if (msgs) el.title = msgs.join('\n');
    }
  }

  /* The text element of node i, or of the nearest op above it. */
  function textElementOf(i) {
    if (!text) return null;
    for (let k = i; k >= 0; k = nodes[k].p) if (text.byNode.has(k)) return text.byNode.get(k);
    return null;
  }

  function selectInText(from) {
    if (cur && cur.format === 'tileir' && sel >= 0) {
      const fn = functionOf(sel);
      if (fn >= 0 && (!text || (text.node !== 0 && text.node !== fn))) loadText(fn);
    }
    const pre = $('text');
    for (const el of pre.querySelectorAll('.op.sel')) el.classList.remove('sel');
    const el = sel >= 0 ? textElementOf(sel) : null;
    if (!el) return;
    el.classList.add('sel');
    if (from !== 'text') {
      const top = el.offsetTop - pre.offsetTop;
      if (top < pre.scrollTop || top > pre.scrollTop + pre.clientHeight - ROW)
        pre.scrollTop = Math.max(0, top - pre.clientHeight / 3);
    }
  }

  /* ---- the size map: the file's parts, each split into its own ---- */

  function renderMap() {
    const box = $('map');
    box.innerHTML = '';
    if (!cur) return;
    const W = box.clientWidth, H = box.clientHeight;
    const size = (n) => { const [b, e] = bytesOf(n); return Math.max(0, e - b); };
    const top = nodes[0].kids.filter((k) => size(nodes[k]) > 0);
    const total = top.reduce((s, k) => s + size(nodes[k]), 0) || 1;
    let html = '', x = 0;
    top.forEach((k, idx) => {
      const w = (size(nodes[k]) / total) * W;
      const kids = nodes[k].kids.filter((c) => size(nodes[c]) > 0)
        .sort((a, b) => size(nodes[b]) - size(nodes[a]));
      const hue = (idx * 67) % 360;
      if (!kids.length || w < 24) {
        html += cell(k, x, 0, w, H, `hsl(${hue},55%,80%)`);
      } else {
        const sum = kids.reduce((s, c) => s + size(nodes[c]), 0) || 1;
        let y = 0, rest = 0, restBytes = 0;
        for (const c of kids) {
          const h = (size(nodes[c]) / sum) * H;
          if (h < 3) { rest++; restBytes += size(nodes[c]); continue; }
          html += cell(c, x, y, w, h, `hsl(${hue},55%,${72 + (y / H) * 18}%)`);
          y += h;
        }
        /* parts too small to draw: one cell that stands for them (and
         * selects their parent) */
        if (rest) {
          const what = `${nodes[k].label}: ${rest} ${rest < kids.length ? 'more ' : ''}parts, ${restBytes} B`;
          html += `<div class="cell" data-i="${k}" style="left:${x}px;top:${y}px;width:${w}px;height:${H - y}px;` +
            `background:hsl(${hue},30%,88%)" title="${esc(what)}">${esc(what)}</div>`;
        }
      }
      x += w;
    });
    box.innerHTML = html;
    function cell(i, cx, cy, cw, ch, bg) {
      const n = nodes[i];
      return `<div class="cell${i === sel ? ' sel' : ''}" data-i="${i}" style="left:${cx}px;top:${cy}px;` +
        `width:${cw}px;height:${ch}px;background:${bg}" title="${esc(n.label)}: ${size(n)} B">` +
        `${esc(n.label)} ${size(n)} B</div>`;
    }
  }

  /* ---- the verifier ---- */

  function runCheck() {
    if (!cur) return;
    const t0 = performance.now();
    const s = str(M._bcxw_check(cur.h));
    if (s === 'null') {
      $('findinfo').textContent = `could not verify: ${str(M._bcxw_error())}`;
      setState('ready');
      return;
    }
    findings = JSON.parse(s).map(([o, bits, warning, m, where]) => ({ o, bits: !!bits, warning: !!warning, m, where }));
    for (const f of findings) {
      f.node = findNode(f.bits ? Math.floor(f.o / 8) : f.o);
      if (f.node > 0) errRanges.push(bytesOf(nodes[f.node]));
      for (let k = f.node; k >= 0; k = nodes[k].p) {
        if (!errNodes.has(k)) errNodes.set(k, []);
        errNodes.get(k).push(f.m);
      }
    }
    const ms = performance.now() - t0;
    const nerr = findings.filter((f) => !f.warning).length;
    $('findinfo').textContent = findings.length
      ? `${nerr} error(s), ${findings.length - nerr} warning(s) (${ms.toFixed(0)} ms)`
      : `no findings (${ms.toFixed(0)} ms)`;
    $('findings').innerHTML = findings.map((f, k) =>
      `<li class="${f.warning ? 'warning' : 'error'}" data-k="${k}">${esc(f.m)} ` +
      `<span class="where">${f.bits ? 'bit' : 'offset'} ${f.o}${f.where ? ', ' + esc(f.where) : ''}</span></li>`).join('');
    markTextErrors();
    renderTree();
    renderHex();
    setState('ready');
  }

  /* ---- selection: one node, shown in every pane ---- */

  function select(i, from) {
    if (!cur || i < 0 || i >= nodes.length) return;
    sel = i;
    for (let k = nodes[i].p; k >= 0; k = nodes[k].p) opened.add(k);
    rebuildVisible();
    /* the spacer first grows with the rows just opened, or the scroll to
     * the node would be clamped to the old height */
    renderTree();
    if (from !== 'tree') {
      scrollTreeTo(i);
      renderTree();
    }
    const [b] = bytesOf(nodes[i]);
    if (from !== 'hex') scrollHexTo(b);
    renderHex();
    selectInText(from);
    for (const el of $('map').querySelectorAll('.cell.sel')) el.classList.remove('sel');
    const c = $('map').querySelector(`.cell[data-i="${i}"]`);
    if (c) c.classList.add('sel');
    $('selinfo').textContent = `${nodes[i].label}: ${rangeText(nodes[i])}`;
  }

  function renderAll() {
    $('findings').innerHTML = '';
    $('findinfo').textContent = '';
    if (!cur) { $('text').textContent = ''; $('textinfo').textContent = ''; visible = []; }
    renderTree();
    renderHex();
    renderMap();
  }

  /* ---- events ---- */

  function wire() {
    $('tree').addEventListener('scroll', renderTree);
    $('hex').addEventListener('scroll', renderHex);
    $('tree').addEventListener('click', (ev) => {
      const row = ev.target.closest('.trow');
      if (!row) return;
      const i = +row.dataset.i;
      if (ev.target.classList.contains('tog')) toggle(i);
      else select(i, 'tree');
    });
    $('tree').addEventListener('dblclick', (ev) => {
      const row = ev.target.closest('.trow');
      if (row) toggle(+row.dataset.i);
    });
    $('hex').addEventListener('click', (ev) => {
      if (ev.target.tagName !== 'B' || !cur) return;
      select(findNode(+ev.target.dataset.o), 'hex');
    });
    $('text').addEventListener('click', (ev) => {
      const op = ev.target.closest('.op');
      if (op) select(+op.dataset.i, 'text');
    });
    $('map').addEventListener('click', (ev) => {
      const c = ev.target.closest('.cell[data-i]');
      if (c) select(+c.dataset.i, 'map');
    });
    $('findings').addEventListener('click', (ev) => {
      const li = ev.target.closest('li');
      if (li) select(findings[+li.dataset.k].node, 'findings');
    });
    $('file').addEventListener('change', (ev) => {
      const f = ev.target.files[0];
      if (f) readFile(f);
    });
    const drop = $('drop');
    drop.addEventListener('dragover', (ev) => { ev.preventDefault(); drop.classList.add('dragging'); });
    drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
    drop.addEventListener('drop', (ev) => {
      ev.preventDefault();
      drop.classList.remove('dragging');
      const f = ev.dataTransfer.files[0];
      if (f) readFile(f);
    });
    window.addEventListener('resize', () => { renderTree(); renderHex(); renderMap(); });
  }

  function readFile(f) {
    f.arrayBuffer().then((buf) => openBytes(f.name, new Uint8Array(buf)));
  }

  async function start() {
    wire();
    const bin = Uint8Array.from(atob(BCX_EXPLORE_WASM), (c) => c.charCodeAt(0));
    M = await BcxExplore({ wasmBinary: bin });
    status('Open or drop a file.');
    setState('empty');
  }

  /* For scripts (the browser tests): open bytes, select a node, read the
   * model behind the panes. */
  window.bcxExplorer = {
    openBytes, select, toggle,
    nodes: () => nodes,
    selected: () => sel,
    findings: () => findings,
  };

  start().catch((err) => { status(`cannot start: ${err}`); setState('error'); });
})();
