/* page.js -- draws the tscope-report page from the JSON embedded in it.
 * Plain ES5 and inline SVG only: the page must open from a file on a
 * machine with no network.  On success <html> gets
 * data-tscope-rendered="ok" (and counts of what was drawn) so headless
 * tests can tell a drawn page from a broken one. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                 "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295"];
  var data = JSON.parse(document.getElementById("tscope-data").textContent);
  var root = document.documentElement;

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var k in attrs) if (attrs.hasOwnProperty(k)) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function text(parent, x, y, s, anchor) {
    var t = el("text", {x: x, y: y, "text-anchor": anchor || "start"}, parent);
    t.textContent = s;
    return t;
  }
  function title(node, s) { el("title", {}, node).textContent = s; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function fmtMs(ms) { return ms >= 10000 ? (ms / 1000).toFixed(1) + " s" : Math.round(ms) + " ms"; }

  /* Round tick steps (1, 2, 5 x 10^k) so axes read naturally; with
   * `cover` the last tick is at or above max (the y axis then ends on a
   * labelled line instead of cutting the tallest band). */
  function ticks(max, count, cover, integer) {
    if (max <= 0) return [0];
    var raw = max / count, mag = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var step = [1, 2, 5, 10].map(function (m) { return m * mag; })
                            .filter(function (s) { return s >= raw; })[0];
    step = Math.max(step, integer ? 1 : 1e-9);
    var out = [];
    for (var v = 0; v <= max + 1e-9; v += step) out.push(v);
    if (cover && out[out.length - 1] < max) out.push(out[out.length - 1] + step);
    return out;
  }

  function drawSummary() {
    var s = data.summary, parts = [];
    if (data.flame) {
      parts.push(plural(s.leaked, "tensor") + " alive at exit from " + plural(s.leak_sites, "site"));
    }
    if (data.timeline) {
      parts.push("peak " + s.peak_live + " live tensors over " + fmtMs(s.duration_ms) +
                 " (" + plural(s.samples, "sample") + ")");
    }
    if (s.source_dir) parts.push("files under " + s.source_dir);
    document.getElementById("summary").textContent = parts.join("; ") + ".";
  }

  /* Stacked area chart: one band per creation site, biggest at the bottom. */
  function drawTimeline() {
    var box = document.getElementById("timeline");
    var W = 960, H = 340, L = 56, R = 16, T = 12, B = 36;
    var svg = el("svg", {viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img"}, box);
    var tl = data.timeline;
    if (!tl) {
      text(svg, W / 2, H / 2, "No timeline given: run the program with TSCOPE_OPTIONS=timeline=PATH " +
           "and pass --timeline PATH.", "middle").setAttribute("class", "empty");
      return 0;
    }
    var t = tl.t_ms, n = t.length, series = tl.series;
    var t0 = t[0], t1 = t[n - 1] > t0 ? t[n - 1] : t0 + 1;
    var totals = t.map(function (_, i) {
      return series.reduce(function (acc, s) { return acc + s.live[i]; }, 0);
    });
    var ymax = Math.max(1, Math.max.apply(null, totals));
    var yt = ticks(ymax, 5, true, true);  /* tensor counts are whole */
    ymax = Math.max(ymax, yt[yt.length - 1]);
    function X(v) { return L + (v - t0) / (t1 - t0) * (W - L - R); }
    function Y(v) { return H - B - v / ymax * (H - T - B); }

    var axis = el("g", {"class": "axis"}, svg);
    yt.forEach(function (v) {
      el("line", {x1: L, x2: W - R, y1: Y(v), y2: Y(v), stroke: "#eee"}, axis);
      text(axis, L - 6, Y(v) + 4, String(v), "end");
    });
    /* Round times since start, only those inside the sampled span. */
    var step = ticks(t1 - t0, 8);
    step = step.length > 1 ? step[1] : 1;
    for (var tv = Math.ceil(t0 / step) * step; tv <= t1 + 1e-9; tv += step) {
      el("line", {x1: X(tv), x2: X(tv), y1: H - B, y2: H - B + 4}, axis);
      text(axis, X(tv), H - B + 16, fmtMs(tv), "middle");
    }
    el("line", {x1: L, x2: W - R, y1: H - B, y2: H - B}, axis);
    el("line", {x1: L, x2: L, y1: T, y2: H - B}, axis);
    text(axis, L, H - 4, "time since start", "start");

    var below = t.map(function () { return 0; });
    var legend = document.getElementById("timeline-legend");
    series.forEach(function (s, k) {
      var color = PALETTE[k % PALETTE.length];
      var up = [], down = [];
      for (var i = 0; i < n; i++) {
        up.push(X(t[i]).toFixed(1) + "," + Y(below[i] + s.live[i]).toFixed(1));
        down.push(X(t[n - 1 - i]).toFixed(1) + "," + Y(below[n - 1 - i]).toFixed(1));
      }
      /* A single sample still deserves a visible band: widen it to a bar. */
      if (n === 1) {
        up.push((W - R) + "," + Y(below[0] + s.live[0]).toFixed(1));
        down.unshift((W - R) + "," + Y(below[0]).toFixed(1));
      }
      var area = el("path", {d: "M" + up.concat(down).join("L") + "Z", fill: color,
                             "fill-opacity": 0.85, "class": "area"}, svg);
      title(area, s.site + " (peak " + s.peak + " live)");
      for (i = 0; i < n; i++) below[i] += s.live[i];
      var li = document.createElement("li");
      var sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = color;
      li.appendChild(sw);
      li.appendChild(document.createTextNode(s.site + "  (peak " + s.peak + ")"));
      legend.appendChild(li);
    });

    /* Readout: the sample under the mouse, per site. */
    var cursor = el("line", {y1: T, y2: H - B, stroke: "#000", "stroke-dasharray": "3,3",
                             visibility: "hidden"}, svg);
    var readout = document.getElementById("timeline-readout");
    svg.addEventListener("mousemove", function (ev) {
      var rect = svg.getBoundingClientRect();
      var x = (ev.clientX - rect.left) * W / rect.width;
      var best = 0;
      for (var i = 1; i < n; i++) if (Math.abs(X(t[i]) - x) < Math.abs(X(t[best]) - x)) best = i;
      cursor.setAttribute("x1", X(t[best]));
      cursor.setAttribute("x2", X(t[best]));
      cursor.setAttribute("visibility", "visible");
      var parts = series.filter(function (s) { return s.live[best] > 0; })
                        .map(function (s) { return s.site + ": " + s.live[best]; });
      readout.textContent = fmtMs(t[best]) + ": " + totals[best] + " live" +
                            (parts.length ? " -- " + parts.join(", ") : "");
    });
    return series.length;
  }

  /* Flame graph: root at the bottom, callers below callees, width = count.
   * Returns the number of bars drawn at full zoom. */
  function drawFlame() {
    var box = document.getElementById("flame");
    document.getElementById("flame-kind").textContent = data.flame_kind;
    var tree = data.flame;
    var W = 960, ROW = 20;
    if (!tree || tree.value === 0) {
      var svg0 = el("svg", {viewBox: "0 0 " + W + " 60", width: W, height: 60}, box);
      text(svg0, W / 2, 34, tree ? "No tensors alive at exit: nothing leaked." :
           "No leak report given: run the program with TSCOPE_OPTIONS=json=PATH and pass PATH.",
           "middle").setAttribute("class", "empty");
      return 0;
    }
    function depthOf(node) {
      return 1 + node.children.reduce(function (m, c) { return Math.max(m, depthOf(c)); }, 0);
    }
    var levels = depthOf(tree), H = levels * ROW + 4;
    var readout = document.getElementById("flame-readout");
    var drawn = 0;

    function color(name) {
      var h = 0;
      for (var i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
      return "hsl(" + (10 + h % 40) + ",85%," + (55 + h % 15) + "%)";
    }
    function render(focus, path) {
      box.innerHTML = "";
      var svg = el("svg", {viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img"}, box);
      drawn = 0;
      /* The ancestors of the focused node span the full width. */
      path.forEach(function (node, level) { bar(svg, node, level, 0, W, path.slice(0, level)); });
      (function walk(node, level, x, w, ancestors) {
        bar(svg, node, level, x, w, ancestors);
        var cx = x;
        node.children.forEach(function (c) {
          var cw = w * c.value / node.value;
          if (cw >= 0.5) walk(c, level + 1, cx, cw, ancestors.concat([node]));
          cx += cw;
        });
      })(focus, path.length, 0, W, path);
    }
    function bar(svg, node, level, x, w, ancestors) {
      var y = H - 2 - (level + 1) * ROW;
      var g = el("g", {}, svg);
      var r = el("rect", {x: x.toFixed(2), y: y, width: Math.max(w - 0.5, 0.5).toFixed(2),
                          height: ROW - 1, fill: level === 0 ? "#c9c9c9" : color(node.name)}, g);
      var pct = (100 * node.value / tree.value).toFixed(1);
      title(g, node.name + "\n" + plural(node.value, "tensor") + " (" + pct + "% of leaks)");
      if (w > 40) {
        var chars = Math.floor((w - 8) / 6.6);
        var label = node.name.length > chars ? node.name.slice(0, Math.max(chars - 2, 1)) + ".." : node.name;
        text(g, x + 4, y + ROW - 6, label);
      }
      g.addEventListener("click", function () {
        render(node, ancestors);
        readout.textContent = level === 0 ? "" : "zoomed to: " + node.name;
      });
      g.addEventListener("mouseover", function () {
        readout.textContent = node.name + " -- " + plural(node.value, "tensor") + " (" + pct + "%)";
      });
      drawn++;
      r.setAttribute("data-value", node.value);
    }
    render(tree, []);
    return drawn;
  }

  function drawLeakTable() {
    var table = document.getElementById("leak-table");
    if (!data.leaks.length) return;
    var head = table.insertRow();
    ["tensors", "created at", "in scope"].forEach(function (h) {
      var th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    });
    data.leaks.forEach(function (leak) {
      var row = table.insertRow();
      var c = row.insertCell();
      c.className = "count";
      c.textContent = leak.count;
      row.insertCell().textContent = leak.site + (leak.api ? "  (" + leak.api + ")" : "") +
                                     (leak.held_by ? "  -- " + leak.held_by : "");
      row.insertCell().textContent = leak.scopes.map(function (s) {
        return (s.scope || "no scope") + (leak.scopes.length > 1 ? " x" + s.count : "");
      }).join("; ");
    });
  }

  drawSummary();
  var areas = drawTimeline();
  var bars = drawFlame();
  drawLeakTable();
  root.setAttribute("data-tscope-areas", String(areas));
  root.setAttribute("data-tscope-flame-bars", String(bars));
  if (!document.getElementById("tscope-errors")) root.setAttribute("data-tscope-rendered", "ok");
})();
