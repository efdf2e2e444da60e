// The plotter's script (templates/web/plotter.hbs; served from 'self', the CSP allows no inline
// script): marks every hex the plane can end its turn in, lists the ways that end in the hex picked,
// and for the way picked draws its path, asks the server for its shots, its heights and speeds and
// whether it is a trap, and writes the player's orders (the height and speed picked), with a button
// to copy them and a mailto: link that opens his mail program with them.
/* global document, window, navigator */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var root = document.getElementById('plotter');
  if (!root) return;
  var data = JSON.parse(document.getElementById('plotter-data').textContent);
  // One array a way (src/app/plotter/page.ts PlotterWay), made objects here.
  data.ways = data.ways.map(function (a) {
    var families = a[7] ? a[7].split(' ') : [];
    return {
      plot: a[0],
      hex: a[1],
      facing: a[2],
      altitude: a[3],
      speed: a[4],
      bank: a[5],
      carry: a[6],
      families: families,
      exited: families.indexOf('off-map') >= 0,
      x: a[8],
      y: a[9],
      climb: a[3] > data.plane.altitude ? 'up' : a[3] < data.plane.altitude ? 'down' : 'level',
    };
  });
  var svg = root.querySelector('svg.hexmap');
  // A picture without the script; with it, a group of the ends to pick (an image holds no buttons).
  svg.setAttribute('role', 'group');
  var q = function (sel) {
    return root.querySelector('[' + sel + ']');
  };
  var plane = data.plane;
  var id = plane.id;
  var picked = null;

  var hide = q('data-noscript');
  if (hide) hide.hidden = true;
  q('data-families').hidden = false;
  if (data.twoPhase) q('data-step-head').textContent = 'hex no.';

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) {
      e.setAttribute(k, String(attrs[k]));
    });
    if (parent) parent.appendChild(e);
    return e;
  }

  // The families checked: a way is shown when every family it uses is.
  function checked() {
    var out = {};
    Array.prototype.forEach.call(root.querySelectorAll('[data-family]'), function (b) {
      out[b.getAttribute('data-family')] = b.checked;
    });
    return out;
  }
  function shown() {
    var c = checked();
    return data.ways
      .map(function (w, i) {
        return { w: w, i: i };
      })
      .filter(function (x) {
        return x.w.families.every(function (f) {
          return c[f];
        });
      });
  }

  var pathLayer = el('g', { class: 'plot-path' }, svg);
  var marks = el('g', { class: 'plot-ends' }, svg);
  el('circle', { cx: plane.x, cy: plane.y, r: 11, class: 'plot-start' }, svg);

  function drawMarks() {
    while (marks.firstChild) marks.removeChild(marks.firstChild);
    var byHex = {};
    var list = shown();
    list.forEach(function (x) {
      (byHex[x.w.hex] = byHex[x.w.hex] || []).push(x);
    });
    Object.keys(byHex).forEach(function (hex) {
      var ws = byHex[hex];
      var kinds = {};
      ws.forEach(function (x) {
        kinds[x.w.climb] = true;
      });
      var kind = Object.keys(kinds).length > 1 ? 'mixed' : Object.keys(kinds)[0];
      var g = el('g', { class: 'plot-end ' + kind, 'data-hex': hex, tabindex: 0, role: 'button' }, marks);
      el('circle', { cx: ws[0].w.x, cy: ws[0].w.y, r: 8 }, g);
      var t = el('title', {}, g);
      t.textContent = hex + ': ' + ws.length + ' way' + (ws.length === 1 ? '' : 's');
      g.addEventListener('click', function () {
        pickHex(hex);
      });
      g.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          pickHex(hex);
        }
      });
    });
    q('data-shown').textContent =
      list.length + ' of ' + data.ways.length + ' ways shown, ending in ' + Object.keys(byHex).length + ' hexes.';
  }

  function cell(tr, text, label) {
    var td = document.createElement('td');
    if (label) td.setAttribute('data-label', label);
    td.textContent = text;
    tr.appendChild(td);
    return td;
  }

  function pickHex(hex) {
    Array.prototype.forEach.call(marks.querySelectorAll('.plot-end'), function (g) {
      g.classList.toggle('picked', g.getAttribute('data-hex') === hex);
    });
    var ws = shown().filter(function (x) {
      return x.w.hex === hex;
    });
    var rows = q('data-way-rows');
    rows.textContent = '';
    q('data-hex-title').textContent = 'Ways ending in ' + hex + (ws.length && ws[0].w.exited ? ' (off the map)' : '');
    ws.forEach(function (x) {
      var tr = document.createElement('tr');
      var td = cell(tr, '', 'plot');
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'way';
      b.textContent = x.w.plot;
      b.addEventListener('click', function () {
        pickWay(x.i);
      });
      td.appendChild(b);
      cell(tr, String(x.w.facing === 0 ? 12 : x.w.facing), 'facing');
      cell(tr, x.w.altitude + ' ft', 'height');
      cell(tr, x.w.speed.toFixed(1), 'speed');
      cell(tr, x.w.bank + (x.w.carry ? ', carries ' + x.w.carry : ''), 'bank');
      tr.setAttribute('data-index', String(x.i));
      rows.appendChild(tr);
    });
    q('data-hex-ways').hidden = false;
    if (ws.length) pickWay(ws[0].i);
  }

  // The way's path impulse by impulse (in a two-phase game, hex by hex): the table and the map's line.
  function showPath(path) {
    var rows = q('data-path-rows');
    rows.textContent = '';
    path.forEach(function (s, n) {
      var tr = document.createElement('tr');
      cell(tr, String(data.twoPhase ? n + 1 : s.impulse), data.twoPhase ? 'hex no.' : 'impulse');
      cell(tr, s.hex, 'hex');
      cell(tr, String(s.facing === 0 ? 12 : s.facing), 'facing');
      cell(tr, s.altitude + ' ft', 'height');
      rows.appendChild(tr);
    });
    while (pathLayer.firstChild) pathLayer.removeChild(pathLayer.firstChild);
    var pts = [[plane.x, plane.y]].concat(
      path.map(function (s) {
        return [s.x, s.y];
      }),
    );
    el(
      'polyline',
      {
        points: pts
          .map(function (p) {
            return p.join(',');
          })
          .join(' '),
      },
      pathLayer,
    );
    path.forEach(function (s, n) {
      var t = el('text', { x: s.x, y: s.y + 2.5 }, pathLayer);
      t.textContent = String(data.twoPhase ? n + 1 : s.impulse);
    });
  }

  // The plot of the height and speed picked (null: the way's own plot).
  var variantPlot = null;

  function orders() {
    var w = data.ways[picked];
    var fire = q('data-fire').value;
    var lines = data.template.split('\n');
    var plotLine = id + ': ' + (variantPlot || w.plot);
    var mine = new RegExp('^' + id.replace(/[-]/g, '\\-') + ':');
    var firing = new RegExp('^(FIRE|HOLD) ' + id.replace(/[-]/g, '\\-') + '( |$)');
    var out = [];
    var put = false;
    lines.forEach(function (l) {
      if (mine.test(l)) {
        out.push(plotLine);
        put = true;
        return;
      }
      if (fire !== 'keep' && firing.test(l)) return;
      out.push(l);
    });
    // No plot line in the mail (a carried manoeuvre filled the turn): after the TURN line.
    if (!put)
      out.splice(
        Math.max(
          1,
          out.findIndex(function (l) {
            return /^TURN /.test(l);
          }) + 1,
        ),
        0,
        plotLine,
      );
    if (fire !== 'keep') {
      var at = out.lastIndexOf('#END');
      out.splice(at < 0 ? out.length : at, 0, fire === 'any' ? 'FIRE ' + id + ' ALL AT ANY' : 'HOLD ' + id + ' ALL');
    }
    return out.join('\n') + '\n';
  }

  function writeOrders() {
    if (picked === null) return;
    var text = orders();
    q('data-orders').textContent = text;
    q('data-mailto').setAttribute(
      'href',
      'mailto:' +
        encodeURIComponent(data.referee).replace(/%40/g, '@') +
        '?subject=' +
        encodeURIComponent(data.subject) +
        '&body=' +
        encodeURIComponent(text),
    );
    q('data-copied').textContent = '';
  }

  // What the referee said of each way asked for (a way picked again is not asked again).
  var answers = {};
  function ask(url) {
    if (!answers[url]) {
      answers[url] = fetch(url, { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
        return r.json();
      });
      answers[url].catch(function () {
        delete answers[url];
      });
    }
    return answers[url];
  }

  function pickWay(i) {
    picked = i;
    var w = data.ways[i];
    Array.prototype.forEach.call(root.querySelectorAll('[data-way-rows] tr'), function (tr) {
      tr.classList.toggle('picked', tr.getAttribute('data-index') === String(i));
    });
    q('data-way-plot').textContent = id + ': ' + w.plot;
    q('data-path-rows').textContent = '';
    while (pathLayer.firstChild) pathLayer.removeChild(pathLayer.firstChild);
    q('data-way').hidden = false;
    var shots = q('data-shots');
    shots.innerHTML = '<li>asking the referee...</li>';
    ask(data.shots + i).then(
      function (r) {
        if (picked !== i) return;
        shots.textContent = '';
        var lines = r.lines || [];
        if (r.error) lines = [r.error];
        if (!lines.length) lines = ['no shot either way'];
        lines.forEach(function (l) {
          var li = document.createElement('li');
          li.textContent = l;
          shots.appendChild(li);
        });
      },
      function () {
        if (picked === i) shots.innerHTML = '<li>the referee could not be asked</li>';
      },
    );
    variantPlot = null;
    askWay(i, w);
    writeOrders();
  }

  // The way picked, asked of the referee: its path, every height and speed of it, and whether it is a trap.
  var TRAP = {
    exit: 'A trap: after this plot every way it can fly next turn leaves the map.',
    ground: 'A trap: after this plot no plot it can fly next turn stays above the ground.',
    stall: 'A trap: after this plot every way it can fly next turn ends below its minimum speed.',
  };
  function askWay(i, w) {
    var select = q('data-variant');
    var trap = q('data-trap');
    trap.hidden = true;
    select.textContent = '';
    var own = document.createElement('option');
    own.value = '';
    own.textContent = w.altitude + ' ft, speed ' + w.speed.toFixed(1) + ' (the plot above)';
    select.appendChild(own);
    select.disabled = true;
    ask(data.way + i).then(
      function (r) {
        if (picked !== i) return;
        showPath(r.path || []);
        if (r.trap && TRAP[r.trap]) {
          trap.textContent = TRAP[r.trap];
          trap.hidden = false;
        }
        (r.variants || []).forEach(function (v) {
          if (v.plot === w.plot) return;
          var o = document.createElement('option');
          o.value = v.plot;
          o.textContent = v.altitude + ' ft, speed ' + v.speed.toFixed(1) + ': ' + v.plot;
          select.appendChild(o);
        });
        select.disabled = false;
      },
      function () {
        if (picked === i) select.disabled = false;
      },
    );
  }
  q('data-variant').addEventListener('change', function () {
    var v = q('data-variant').value;
    variantPlot = v || null;
    if (picked !== null) q('data-way-plot').textContent = id + ': ' + (variantPlot || data.ways[picked].plot);
    writeOrders();
  });

  q('data-fire').addEventListener('change', writeOrders);
  // "As in your mail" first: the fire lines the mail's envelope has for the plane.
  var keep = document.createElement('option');
  keep.value = 'keep';
  keep.textContent = 'as in your mail';
  q('data-fire').insertBefore(keep, q('data-fire').firstChild);
  q('data-fire').value = 'keep';
  q('data-copy').addEventListener('click', function () {
    var text = q('data-orders').textContent;
    var done = function () {
      q('data-copied').textContent = 'copied';
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {
        selectOrders();
      });
    } else selectOrders();
  });
  function selectOrders() {
    var range = document.createRange();
    range.selectNodeContents(q('data-orders'));
    var s = window.getSelection();
    s.removeAllRanges();
    s.addRange(range);
    q('data-copied').textContent = 'selected: copy it with your keyboard';
  }
  Array.prototype.forEach.call(root.querySelectorAll('[data-family]'), function (b) {
    b.addEventListener('change', drawMarks);
  });
  drawMarks();
})();
