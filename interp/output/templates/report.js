// interp HTML report: the pages' only script, inlined (no file outside the report, no network).
"use strict";
(function () {
  var UNITS = [["s", 1], ["ms", 1e-3], ["us", 1e-6], ["ns", 1e-9]];
  function fmtTime(s) {  // the text report's format: 4 significant digits and a unit
    var a = Math.abs(s);
    if (a === 0) return "0";
    for (var k = 0; k < UNITS.length; k++) {
      if (a >= UNITS[k][1] || k === UNITS.length - 1) {
        var v = (s / UNITS[k][1]).toPrecision(4);
        if (v.indexOf("e") < 0 && v.indexOf(".") >= 0) v = v.replace(/0+$/, "").replace(/\.$/, "");
        return v + " " + UNITS[k][0];
      }
    }
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;  // text only: nothing from the data becomes markup
    if (cls) e.className = cls;
    return e;
  }
  function readJSON(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }
  var tip = null;
  function showTip(text, ev) {
    if (!tip) { tip = el("div"); tip.id = "tip"; document.body.appendChild(tip); }
    tip.textContent = text; tip.hidden = false;
    tip.style.left = (ev.clientX + 14) + "px"; tip.style.top = (ev.clientY + 12) + "px";
  }
  function hideTip() { if (tip) tip.hidden = true; }

  // --- annotated source: a click shows the line's AAUs per process ------------------------------
  var selected = null, targeted = null;
  var HEAD = ["process", "execs", "total", "mean", "min", "max", "compute", "overhead", "transmit", "wait"];
  function showLine(row, data) {
    var panel = document.getElementById("detail"), body = document.getElementById("detail-body");
    body.textContent = "";
    var ids = row.getAttribute("data-aaus").split(" ");
    body.appendChild(el("h3", "line " + row.id.slice(1) + ": " + ids.length + (ids.length > 1 ? " AAUs" : " AAU")));
    ids.forEach(function (id) {
      var a = data[id];
      if (!a) return;
      body.appendChild(el("p", a.cls + " " + a.lines + "  " + a.label, "aau-title"));
      var t = el("table", undefined, "figures per-process"), tr = el("tr");
      t.setAttribute("data-aau", id);
      HEAD.forEach(function (h) { tr.appendChild(el("th", h)); });
      var thead = el("thead"); thead.appendChild(tr); t.appendChild(thead);
      var tb = el("tbody");
      a.per_process.forEach(function (p) {
        var r = el("tr");
        p.forEach(function (v, k) { r.appendChild(el("td", v, k ? "num" : "")); });
        tb.appendChild(r);
      });
      t.appendChild(tb); body.appendChild(t);
    });
    panel.hidden = false;
    if (selected) selected.classList.remove("selected");  // it may be off screen (not in the table)
    selected = row;
    row.classList.add("selected");
  }
  // The figures per process live in the page's own data file (srcN-name.js, beside it), read on
  // the first hover or click: the page opens without parsing them.
  var source = document.getElementById("source");
  function withData(then) {
    if (window.INTERP_AAUS) { then(window.INTERP_AAUS); return; }
    var waiting = withData.waiting = withData.waiting || [];
    waiting.push(then);
    if (waiting.length > 1) return;
    var s = document.createElement("script");
    s.src = source.getAttribute("data-script");
    s.onload = function () { waiting.splice(0).forEach(function (f) { f(window.INTERP_AAUS || {}); }); };
    s.onerror = function () { showPanelText("cannot read " + s.src + " (it belongs beside this page)"); };
    document.body.appendChild(s);
  }
  function showPanelText(text) {
    var body = document.getElementById("detail-body");
    body.textContent = ""; body.appendChild(el("p", text, "warn"));
    document.getElementById("detail").hidden = false;
  }
  // A virtualized list: every line waits in the inert <template id="rows">; only those on screen
  // (and a screenful either side) are in the table, between two spacer rows that take the height
  // of the others, so the page is complete and scrollable at once however long the file.
  var lines = [], shown = [0, 0], rowH = 0, pads = null;
  var AROUND = 40;  // lines kept beyond each edge of the screen
  function measure() {
    var r = lines[0];
    pads[0].parentNode.insertBefore(r, pads[1]);
    rowH = r.getBoundingClientRect().height || 19;
    r.parentNode.removeChild(r);
  }
  function render(force) {
    var body = source.tBodies[0], top = body.getBoundingClientRect().top;
    var first = Math.max(0, Math.floor(-top / rowH) - AROUND);
    var last = Math.min(lines.length, Math.ceil((window.innerHeight - top) / rowH) + AROUND);
    if (last < first) last = first;
    if (!force && first === shown[0] && last === shown[1]) return;
    for (var k = shown[0]; k < shown[1]; k++) if (lines[k].parentNode) lines[k].parentNode.removeChild(lines[k]);
    var frag = document.createDocumentFragment();
    for (k = first; k < last; k++) frag.appendChild(lines[k]);
    body.insertBefore(frag, pads[1]);
    pads[0].firstChild.style.height = (first * rowH) + "px";
    pads[1].firstChild.style.height = ((lines.length - last) * rowH) + "px";
    shown = [first, last];
  }
  function lineRow(n) {  // the row of line n, put on screen
    if (n < 1 || n > lines.length) return null;
    var body = source.tBodies[0];
    window.scrollTo(0, window.scrollY + body.getBoundingClientRect().top + (n - 1) * rowH - window.innerHeight / 2);
    render();
    return lines[n - 1];
  }
  function goToHash() {
    var m = /^#L(\d+)$/.exec(window.location.hash);
    if (!m) return;
    var row = lineRow(+m[1]);
    if (row) { row.scrollIntoView({block: "center"}); render(); row.classList.add("targeted"); targeted = row; }
  }
  if (source) {
    var tpl = document.getElementById("rows");
    lines = tpl ? Array.prototype.slice.call(tpl.content.children) : [];
    pads = source.querySelectorAll("tr.pad");
    if (lines.length) { measure(); render(true); }
    source.setAttribute("data-complete", "");
    var pending = false;
    function onScroll() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; render(); });
    }
    window.addEventListener("scroll", onScroll);
    window.addEventListener("resize", onScroll);
    goToHash();
    window.addEventListener("hashchange", function () {
      if (targeted) targeted.classList.remove("targeted");
      goToHash();
    });
    source.addEventListener("click", function (ev) {
      var num = ev.target.closest("td.n");
      if (num) { window.location.hash = "L" + num.textContent; return; }
      var row = ev.target.closest("tr.aau");
      if (row) withData(function (data) { showLine(row, data); });
    });
    source.addEventListener("mouseover", function (ev) {
      var row = ev.target.closest("tr.aau");
      if (!row) { hideTip(); return; }
      withData(function (data) {
        var a = data[row.getAttribute("data-aaus").split(" ")[0]];
        if (a && a.spread) showTip(a.spread, ev);
      });
    });
    source.addEventListener("mouseleave", hideTip);
    document.querySelector("#detail .close").addEventListener("click", function () {
      document.getElementById("detail").hidden = true;
    });
  }

  // --- space-time diagram: zoom (wheel, buttons), pan (drag), click to the source line ----------
  var st = document.getElementById("st");
  if (st) {
    var NS = "http://www.w3.org/2000/svg";
    var plot = st.querySelector("svg"), axis = document.getElementById("st-axis");
    var total = +st.getAttribute("data-total"), W = +st.getAttribute("data-width");
    var H = plot.viewBox.baseVal.height, links = readJSON("st-links") || {};
    var x0 = 0, span = W;  // the visible part of the axis, in pixels at zoom 1
    function svgX(ev) {  // pointer position in the outer SVG's user units
      var pt = st.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
      return pt.matrixTransform(st.getScreenCTM().inverse()).x - (+st.getAttribute("data-left"));
    }
    function draw() {
      span = Math.min(W, Math.max(span, W / 1e6));
      x0 = Math.min(Math.max(0, x0), W - span);
      plot.setAttribute("viewBox", x0 + " 0 " + span + " " + H);
      while (axis.firstChild) axis.removeChild(axis.firstChild);
      var t0 = x0 / W * total, t1 = (x0 + span) / W * total, raw = (t1 - t0) / 8;
      var p = Math.pow(10, Math.floor(Math.log10(raw))), step = [1, 2, 5, 10].map(function (f) { return f * p; })
        .filter(function (s) { return s >= raw; })[0];
      for (var t = Math.ceil(t0 / step) * step; t <= t1 + 1e-12 * total; t += step) {
        var x = (t / total * W - x0) / span * W;
        var l = document.createElementNS(NS, "line");
        l.setAttribute("x1", x); l.setAttribute("x2", x); l.setAttribute("y1", 0); l.setAttribute("y2", 5);
        var tx = document.createElementNS(NS, "text");
        tx.setAttribute("x", x); tx.setAttribute("y", 16); tx.setAttribute("text-anchor", "middle");
        tx.textContent = fmtTime(t);
        axis.appendChild(l); axis.appendChild(tx);
      }
      document.getElementById("st-info").textContent = "showing " + fmtTime(t0) + " to " + fmtTime(t1) +
        " (zoom " + (W / span).toFixed(1) + "x)";
    }
    function zoom(f, at) {
      if (f === 0) { x0 = 0; span = W; draw(); return; }
      var c = at === undefined ? x0 + span / 2 : x0 + at / W * span;
      span = span / f; x0 = c - (c - x0) / f; draw();
    }
    st.addEventListener("wheel", function (ev) {
      ev.preventDefault(); zoom(ev.deltaY < 0 ? 1.25 : 0.8, Math.min(W, Math.max(0, svgX(ev))));
    }, {passive: false});
    document.querySelectorAll("[data-zoom]").forEach(function (b) {
      b.addEventListener("click", function () { zoom(+b.getAttribute("data-zoom")); });
    });
    var drag = null, moved = false;
    st.addEventListener("mousedown", function (ev) { drag = {x: svgX(ev), x0: x0}; moved = false; });
    window.addEventListener("mouseup", function () { drag = null; });
    st.addEventListener("mousemove", function (ev) {
      if (drag) {
        var dx = svgX(ev) - drag.x;
        if (Math.abs(dx) > 2) moved = true;
        x0 = drag.x0 - dx / W * span; draw(); return;
      }
      var a = ev.target.getAttribute && ev.target.getAttribute("data-a");
      if (a === null || a === undefined) { hideTip(); return; }
      var w = +ev.target.getAttribute("width") / W * total;
      var where = links[a] ? links[a].replace(/^src\d+-/, "").replace(".html#L", ":") : "AAU " + a;
      showTip(where + "  " + ev.target.getAttribute("class") + " " + fmtTime(w) + "\nclick: open the line", ev);
    });
    st.addEventListener("mouseleave", hideTip);
    st.addEventListener("click", function (ev) {
      var a = ev.target.getAttribute && ev.target.getAttribute("data-a");
      if (!moved && a !== null && links[a]) window.location.href = links[a];
    });
    draw();
  }

  // --- charts (sweeps): tooltips on points, a click on a legend entry hides its series ----------
  document.querySelectorAll("svg.chart").forEach(function (chart) {
    chart.addEventListener("mousemove", function (ev) {
      var t = ev.target.getAttribute && ev.target.getAttribute("data-tip");
      if (t) showTip(t, ev); else hideTip();
    });
    chart.addEventListener("mouseleave", hideTip);
    chart.querySelectorAll("[data-series-toggle]").forEach(function (entry) {
      entry.addEventListener("click", function () {
        var k = entry.getAttribute("data-series-toggle");
        chart.querySelectorAll('[data-series="' + k + '"]').forEach(function (g) { g.classList.toggle("off"); });
        entry.classList.toggle("off");
      });
    });
  });
})();
