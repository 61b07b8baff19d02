// SPDX-License-Identifier: GPL-3.0-or-later

/// The floor plan's script (plain ES5, no libraries, no network; runs in Chromium and Firefox):
/// reads the `fp-data` JSON, and on every slider position moves each phone's marker to its
/// position at that second, rings the beacons heard then, and fills the state table (app state,
/// OS region state, beacons heard with mean RSSI, the ranged nearest beacon). ▶ plays the walk at 20 s per second of real
/// time; `#t=SECONDS` in the address opens the page at that time. One phone is selected (the list
/// beside the slider, a click on its marker or its row; `#phone=INDEX` in the address; else the
/// data's `selected`): its row and marker are highlighted and the RSSI strips (`RSSIStripScript`)
/// show it. When done it marks the page with `data-floor-plan="ready"` and the selected phone's
/// index as `data-selected-phone` (the headless-browser test looks for both).
enum FloorPlanScript {
    static let source = """
        (function () {
          "use strict";
          \(RSSIStripScript.source)
          var data = JSON.parse(document.getElementById("fp-data").textContent);
          var slider = document.getElementById("fp-time");
          var clock = document.getElementById("fp-clock");
          var play = document.getElementById("fp-play");
          var table = document.getElementById("fp-state");
          var select = document.getElementById("fp-select");
          var strip = stripFigure(data);
          var selected = data.selected;
          var timer = null;
          function px(x) { return data.left + x * data.k; }
          function py(y, floor) { return data.top + floor * data.block + (data.height - y) * data.k; }
          function stateAt(changes, t) {
            var value = null;
            for (var i = 0; i < changes.length && changes[i][0] <= t; i++) { value = changes[i][1]; }
            return value;
          }
          function cell(row, text, colour) {
            var td = document.createElement("td");
            td.textContent = text;
            if (colour) { td.style.color = colour; td.style.fontWeight = "bold"; }
            row.appendChild(td);
          }
          function show(index) {
            var heardNow = {};
            var time = 0;
            while (table.firstChild) { table.removeChild(table.firstChild); }
            data.phones.forEach(function (phone, n) {
              var i = Math.min(index, phone.t.length - 1);
              if (i < 0) { return; }
              time = Math.max(time, phone.t[i]);
              var marker = document.getElementById("fp-phone-" + n);
              marker.setAttribute("transform",
                "translate(" + px(phone.x[i]).toFixed(1) + "," + py(phone.y[i], phone.floor[i]).toFixed(1) + ")");
              marker.setAttribute("data-t", String(phone.t[i]));
              var heard = phone.heard[i] || [];
              heard.forEach(function (h) { heardNow[h[0]] = true; });
              var regions = Object.keys(phone.regions).map(function (name) {
                return name + ": " + (stateAt(phone.regions[name], phone.t[i]) || "unknown");
              });
              var row = document.createElement("tr");
              if (n === selected) { row.style.background = "#fff3e0"; }
              document.getElementById("fp-ring-" + n).setAttribute("opacity", n === selected ? "1" : "0");
              row.addEventListener("click", function () { choose(n); });
              cell(row, (n === selected ? "\\u25b6 " : "\\u25cf ") + phone.name, phone.colour);
              cell(row, stateAt(phone.app, phone.t[i]) || "not running");
              cell(row, regions.length ? regions.join(", ") : "no regions");
              cell(row, heard.length ? heard.map(function (h) {
                return h[0] + " " + h[1].toFixed(1) + " dBm (" + h[2] + " packets)";
              }).join(", ") : "nothing");
              cell(row, stateAt(phone.nearest, phone.t[i]) || "not ranging");
              table.appendChild(row);
            });
            data.beacons.forEach(function (name, j) {
              var ring = document.getElementById("fp-heard-" + j);
              if (ring) { ring.setAttribute("opacity", heardNow[name] ? "1" : "0"); }
            });
            clock.textContent = time + " s";
            var own = data.phones[selected];
            strip(selected, own && own.t.length ? own.t[Math.min(index, own.t.length - 1)] : time);
            document.body.setAttribute("data-selected-phone", String(selected));
          }
          function choose(n) {
            selected = n;
            select.value = String(n);
            show(Number(slider.value));
          }
          data.phones.forEach(function (phone, n) {
            var option = document.createElement("option");
            option.value = String(n);
            option.textContent = phone.name;
            select.appendChild(option);
            document.getElementById("fp-phone-" + n).addEventListener("click", function () { choose(n); });
          });
          select.value = String(selected);
          select.addEventListener("change", function () { choose(Number(select.value)); });
          function stop() {
            if (timer !== null) { clearInterval(timer); timer = null; }
            play.textContent = "\\u25b6 play";
          }
          play.addEventListener("click", function () {
            if (timer !== null) { stop(); return; }
            if (Number(slider.value) >= Number(slider.max)) { slider.value = "0"; }
            play.textContent = "\\u275a\\u275a pause";
            timer = setInterval(function () {
              if (Number(slider.value) >= Number(slider.max)) { stop(); return; }
              slider.value = String(Number(slider.value) + 1);
              show(Number(slider.value));
            }, 50);
          });
          slider.addEventListener("input", function () { show(Number(slider.value)); });
          var start = /(?:^#|&)t=([0-9.]+)/.exec(window.location.hash);
          var chosen = /(?:^#|&)phone=([0-9]+)/.exec(window.location.hash);
          if (chosen && Number(chosen[1]) < data.phones.length) { choose(Number(chosen[1])); }
          var first = data.phones.length ? data.phones[0].t : [];
          if (start && first.length > 1) {
            var step = first[1] - first[0];
            slider.value = String(Math.min(Number(slider.max), Math.round((Number(start[1]) - first[0]) / step)));
          }
          show(Number(slider.value));
          document.body.setAttribute("data-floor-plan", "ready");
        })();
        """
}
