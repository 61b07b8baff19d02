// SPDX-License-Identifier: GPL-3.0-or-later

/// The RSSI strips' drawing code (plain ES5, part of the floor plan's script): `stripFigure(data)`
/// returns `draw(phone, t)`, which redraws its SVG (`#rs-svg`, in `#rs-figure`) for the phone at index `phone` of the floor
/// plan's data — one strip per beacon it heard, in order of first hearing, on one RSSI scale —
/// with a cursor at simulated time `t`. A strip shades the visits of its beacon's regions' zones
/// (all visits when they have none) and carries the exit marks whose region's beacon was heard last
/// there. Every name becomes text through `textContent` (a `<title>`
/// or `<text>` element), never markup. See `RSSIStripFigure` for what the strips show.
enum RSSIStripScript {
    static let source = """
        function stripFigure(data) {
          var NS = "http://www.w3.org/2000/svg";
          var svg = document.createElementNS(NS, "svg");
          var heading = document.getElementById("rs-title");
          svg.setAttribute("id", "rs-svg");
          svg.setAttribute("width", "1000");
          svg.setAttribute("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif");
          svg.setAttribute("font-size", "12");
          document.getElementById("rs-figure").appendChild(svg);
          var W = 1000, L = 170, R = 20, TOP = 10, H = 56, GAP = 8;
          function add(parent, name, attributes, title) {
            var node = document.createElementNS(NS, name);
            Object.keys(attributes).forEach(function (key) { node.setAttribute(key, String(attributes[key])); });
            if (title) {
              var tip = document.createElementNS(NS, "title");
              tip.textContent = title;
              node.appendChild(tip);
            }
            parent.appendChild(node);
            return node;
          }
          function text(parent, x, y, content, attributes) {
            var node = add(parent, "text", attributes || {});
            node.setAttribute("x", x.toFixed(1));
            node.setAttribute("y", y.toFixed(1));
            node.textContent = content;
            return node;
          }
          return function draw(index, time) {
            var phone = data.phones[index];
            while (svg.firstChild) { svg.removeChild(svg.firstChild); }
            if (!phone) { return; }
            var order = [], series = {};
            phone.heard.forEach(function (sample, i) {
              sample.forEach(function (h) {
                if (!series.hasOwnProperty(h[0])) { series[h[0]] = []; order.push(h[0]); }
                series[h[0]].push([phone.t[i], h[1], h[2]]);
              });
            });
            heading.textContent = phone.name + ": RSSI of each beacon heard (mean per second), one strip per beacon" +
              (phone.sensitivity === null ? "" : "; sensitivity " + phone.sensitivity + " dBm");
            var values = [];
            order.forEach(function (b) { series[b].forEach(function (s) { values.push(s[1]); }); });
            if (phone.sensitivity !== null) { values.push(phone.sensitivity); }
            var low = Math.floor(Math.min.apply(null, values.concat([-100])) - 3);
            var high = Math.ceil(Math.max.apply(null, values.concat([-40])) + 3);
            var end = Math.max(data.duration, 1);
            // Each mark on the strip of its region's beacon heard last before it (the delay's end).
            var owners = phone.marks.map(function (m) {
              var members = phone.regionBeacons.filter(function (r) { return r[0] === m[3]; })
                .map(function (r) { return r[1]; })[0] || order;
              var owner = null, latest = -1;
              members.forEach(function (b) {
                (series[b] || []).forEach(function (s) {
                  if (s[0] <= m[1] && s[0] > latest) { latest = s[0]; owner = b; }
                });
              });
              return owner;
            });
            function x(t) { return L + t / end * (W - L - R); }
            var bottom = TOP + order.length * (H + GAP);
            var height = bottom + 48;
            svg.setAttribute("height", String(height));
            svg.setAttribute("viewBox", "0 0 " + W + " " + height);
            add(svg, "rect", { width: "100%", height: "100%", fill: "white" });
            if (!order.length) {
              text(svg, L, TOP + 20, phone.name + " heard no beacon", { fill: "#555" });
              return;
            }
            order.forEach(function (beacon, row) {
              var top = TOP + row * (H + GAP);
              function y(rssi) { return top + H - (rssi - low) / Math.max(high - low, 1) * H; }
              var mine = phone.regionBeacons.filter(function (r) { return r[1].indexOf(beacon) >= 0; });
              var regions = mine.map(function (r) { return r[0]; });
              var zones = mine.map(function (r) { return r[2]; }).filter(function (z) { return z !== null; });
              var colour = data.palette[row % data.palette.length];
              add(svg, "rect", { x: L, y: top, width: W - L - R, height: H, fill: "#fafafa", stroke: "#ddd" });
              text(svg, L - 8, top + 16, beacon, { "text-anchor": "end", "font-weight": "bold", fill: colour });
              if (regions.length) {
                text(svg, L - 8, top + 30, "region " + regions.join(", "), { "text-anchor": "end", "font-size": 10, fill: "#555" });
              }
              text(svg, L + 3, top + 10, high + " dBm", { "font-size": 8, fill: "#999" });
              text(svg, L + 3, top + H - 2, low + " dBm", { "font-size": 8, fill: "#999" });
              phone.visits.forEach(function (v) {
                if (zones.length && zones.indexOf(v[3]) < 0) { return; }
                add(svg, "rect", { x: x(v[0]).toFixed(1), y: top, width: Math.max(x(v[1]) - x(v[0]), 0.5).toFixed(1),
                  height: H, fill: "#fde9d9", "fill-opacity": 0.8 }, v[2]);
              });
              if (phone.sensitivity !== null) {
                add(svg, "line", { x1: L, x2: W - R, y1: y(phone.sensitivity).toFixed(1), y2: y(phone.sensitivity).toFixed(1),
                  stroke: "#cb181d", "stroke-width": 1.2, "stroke-dasharray": "6,3" });
                text(svg, W - R - 2, y(phone.sensitivity) - 3, "sensitivity " + phone.sensitivity + " dBm",
                  { "text-anchor": "end", "font-size": 9, fill: "#cb181d" });
              }
              data.power.forEach(function (p) {
                if (p[1] !== beacon) { return; }
                add(svg, "line", { x1: x(p[0]).toFixed(1), x2: x(p[0]).toFixed(1), y1: top, y2: top + H,
                  stroke: p[2] ? "#238b45" : "#525252", "stroke-width": 2 }, beacon + " switched " + (p[2] ? "on" : "off") +
                  " at " + p[0] + " s");
                text(svg, x(p[0]) - 3, top + H - 14, p[2] ? "beacon on" : "beacon off",
                  { "text-anchor": "end", "font-size": 9, fill: p[2] ? "#238b45" : "#525252" });
              });
              var run = [];
              function flush() {
                var tip = beacon + " " + run[0][2].toFixed(0) + "–" + run[run.length - 1][2].toFixed(0) + " s";
                if (run.length === 1) {
                  add(svg, "circle", { cx: run[0][0].toFixed(1), cy: run[0][1].toFixed(1), r: 1.8, fill: colour },
                    beacon + " " + run[0][3].toFixed(1) + " dBm at " + run[0][2] + " s");
                } else {
                  add(svg, "polyline", { points: run.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); })
                    .join(" "), fill: "none", stroke: colour, "stroke-width": 1.4 }, tip);
                }
                run = [];
              }
              series[beacon].forEach(function (s, i, all) {
                // A beacon not heard for more than one sample breaks the line.
                if (run.length && s[0] - all[i - 1][0] > 1.5) { flush(); }
                run.push([x(s[0]), y(s[1]), s[0], s[1]]);
              });
              if (run.length) { flush(); }
              phone.marks.forEach(function (m, k) {
                if (owners[k] !== null ? owners[k] !== beacon : regions.length && regions.indexOf(m[3]) < 0) { return; }
                var at = x(m[1]);
                if (m[0] === "delay") {
                  add(svg, "rect", { x: x(m[2]).toFixed(1), y: top + 1, width: Math.max(at - x(m[2]), 1).toFixed(1), height: 6,
                    fill: "#9e9ac8" }, m[4]);
                } else if (m[0] === "os") {
                  add(svg, "line", { x1: at.toFixed(1), x2: at.toFixed(1), y1: top, y2: top + H, stroke: "#cb181d",
                    "stroke-width": 1.2, "stroke-dasharray": "4,3" }, m[4]);
                  // Staggered, so the labels of exits close in time do not overprint.
                  text(svg, at + 3, top + 18 + (k % 3) * 10, "OS: " + m[3] + " exit", { "font-size": 9, fill: "#cb181d" });
                } else {
                  if (m[2] !== null) {
                    add(svg, "line", { x1: x(m[2]).toFixed(1), x2: x(m[2]).toFixed(1), y1: top, y2: top + H, stroke: "#737373",
                      "stroke-width": 1.2, "stroke-dasharray": "1,3" }, "last packet of " + m[3] + " at " + m[2] + " s");
                  }
                  var b = top + H;
                  if (m[0] === "exit") {
                    add(svg, "polygon", { points: at.toFixed(1) + "," + (b - 2) + " " + (at - 6).toFixed(1) + "," + (b - 14) + " " +
                      (at + 6).toFixed(1) + "," + (b - 14), fill: "#ef3b2c", stroke: "#a50f15" }, m[4]);
                  } else {
                    var g = add(svg, "g", {}, m[4]);
                    add(g, "rect", { x: at - 6, y: b - 20, width: 12, height: 12, fill: "white", opacity: 0 });
                    add(g, "path", { d: "M" + (at - 5) + "," + (b - 19) + "L" + (at + 5) + "," + (b - 9) + "M" + (at - 5) + "," +
                      (b - 9) + "L" + (at + 5) + "," + (b - 19), stroke: "#cb181d", "stroke-width": 2 });
                  }
                }
              });
            });
            add(svg, "line", { x1: x(time).toFixed(1), x2: x(time).toFixed(1), y1: TOP, y2: bottom - GAP, stroke: "#ff7f0e",
              "stroke-width": 1.5 }, "the slider's time: " + time + " s");
            add(svg, "line", { x1: L, x2: W - R, y1: bottom, y2: bottom, stroke: "#333" });
            data.ticks.forEach(function (tick) {
              add(svg, "line", { x1: x(tick).toFixed(1), x2: x(tick).toFixed(1), y1: bottom, y2: bottom + 4, stroke: "#333" });
              text(svg, x(tick), bottom + 16, String(tick), { "text-anchor": "middle", "font-size": 10 });
            });
            text(svg, (L + W - R) / 2, bottom + 34, "simulated time (s)", { "text-anchor": "middle" });
          };
        }
        """
}
