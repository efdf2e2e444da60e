// The web archive's only script (served from 'self'; the CSP allows no inline script): the replay
// controls of a turn page, the zoom and pan of a map, and the print button of a log sheet. Without
// it a turn page shows the start of the turn, every shot and the whole log, the map zoomed to the
// action; with it, the buttons step the map through the impulses, each step showing its shots.
/* global document, window */
(function () {
  'use strict';

  function numbers(text) {
    return String(text || '')
      .split(/\s+/)
      .map(Number);
  }

  // Zoom (buttons, + and -, the wheel), pan (drag) and the two views: the action and the whole map.
  function setupMap(box) {
    var svg = box.querySelector('svg.hexmap');
    if (!svg) return;
    var tools = box.parentNode.querySelector('[data-map-tools]');
    var action = numbers(svg.getAttribute('data-action'));
    var whole = numbers(svg.getAttribute('data-whole'));
    var vb = action.slice();
    var minWidth = 120;
    var maxWidth = Math.max(whole[2], whole[3]) * 1.2;

    function apply(v, resize) {
      vb = v;
      svg.setAttribute(
        'viewBox',
        v
          .map(function (n) {
            return Math.round(n * 10) / 10;
          })
          .join(' '),
      );
      if (resize) {
        svg.setAttribute('width', String(Math.round(v[2])));
        svg.setAttribute('height', String(Math.round(v[3])));
      }
    }
    function press(which) {
      if (!tools) return;
      Array.prototype.forEach.call(tools.querySelectorAll('[data-zoom="action"], [data-zoom="whole"]'), function (b) {
        b.setAttribute('aria-pressed', String(b.getAttribute('data-zoom') === which));
      });
    }
    function zoom(factor, cx, cy) {
      var w = Math.min(maxWidth, Math.max(minWidth, vb[2] * factor));
      var k = w / vb[2];
      if (cx === undefined) {
        cx = vb[0] + vb[2] / 2;
        cy = vb[1] + vb[3] / 2;
      }
      apply([cx - (cx - vb[0]) * k, cy - (cy - vb[1]) * k, vb[2] * k, vb[3] * k], false);
      press('');
    }
    function toSvg(clientX, clientY) {
      var m = svg.getScreenCTM();
      if (!m) return null;
      var p = svg.createSVGPoint();
      p.x = clientX;
      p.y = clientY;
      return p.matrixTransform(m.inverse());
    }
    if (tools) {
      tools.hidden = false;
      // A map drawn around the action only (a game's page) has no whole map to show.
      if (whole.join(' ') === action.join(' ')) {
        Array.prototype.forEach.call(tools.querySelectorAll('[data-zoom="whole"]'), function (b) {
          b.hidden = true;
        });
      }
      tools.addEventListener('click', function (e) {
        var b = e.target.closest('[data-zoom]');
        if (!b) return;
        var what = b.getAttribute('data-zoom');
        if (what === 'in') zoom(1 / 1.4);
        else if (what === 'out') zoom(1.4);
        else if (what === 'action') {
          apply(action.slice(), true);
          press('action');
        } else if (what === 'whole') {
          apply(whole.slice(), true);
          press('whole');
        }
      });
    }
    svg.addEventListener(
      'wheel',
      function (e) {
        var p = toSvg(e.clientX, e.clientY);
        if (!p) return;
        e.preventDefault();
        zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, p.x, p.y);
      },
      { passive: false },
    );
    var drag = null;
    svg.addEventListener('pointerdown', function (e) {
      drag = { x: e.clientX, y: e.clientY, vb: vb.slice() };
      svg.setPointerCapture(e.pointerId);
      svg.classList.add('dragging');
    });
    svg.addEventListener('pointermove', function (e) {
      if (!drag) return;
      var scale = vb[2] / (svg.clientWidth || 1);
      apply(
        [drag.vb[0] - (e.clientX - drag.x) * scale, drag.vb[1] - (e.clientY - drag.y) * scale, vb[2], vb[3]],
        false,
      );
    });
    function end() {
      drag = null;
      svg.classList.remove('dragging');
    }
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    box.addEventListener('keydown', function (e) {
      if (e.key === '+' || e.key === '=') zoom(1 / 1.4);
      else if (e.key === '-') zoom(1.4);
      else return;
      e.preventDefault();
    });
  }

  function setupReplay(root) {
    var last = Number(root.getAttribute('data-last')) || 0;
    var frames = Array.prototype.slice.call(root.querySelectorAll('svg .frame'));
    var shots = Array.prototype.slice.call(root.querySelectorAll('svg .shot-group'));
    var infos = Array.prototype.slice.call(root.querySelectorAll('.frame-info'));
    var counter = root.querySelector('[data-counter]');
    var controls = root.querySelector('[data-controls]');
    var buttons = {};
    Array.prototype.forEach.call(root.querySelectorAll('[data-step]'), function (b) {
      buttons[b.getAttribute('data-step')] = b;
    });
    var current = 0;

    function show(i) {
      current = Math.max(0, Math.min(last, i));
      frames.forEach(function (g) {
        if (Number(g.getAttribute('data-frame')) === current) g.removeAttribute('display');
        else g.setAttribute('display', 'none');
      });
      // The shots of this impulse; at the end of the turn, all of them.
      shots.forEach(function (g) {
        var at = Number(g.getAttribute('data-impulse'));
        if (at === current || (current === last && current > 0)) g.removeAttribute('display');
        else g.setAttribute('display', 'none');
      });
      infos.forEach(function (d) {
        d.hidden = Number(d.getAttribute('data-frame')) !== current;
      });
      counter.textContent = current + ' / ' + last;
      root.setAttribute('data-current', String(current));
      buttons.first.disabled = buttons.prev.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = current === last;
    }

    var steps = {
      first: function () {
        return 0;
      },
      prev: function () {
        return current - 1;
      },
      next: function () {
        return current + 1;
      },
      last: function () {
        return last;
      },
    };
    Object.keys(steps).forEach(function (k) {
      if (buttons[k])
        buttons[k].addEventListener('click', function () {
          show(steps[k]());
        });
    });
    root.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowRight') show(current + 1);
      else if (e.key === 'ArrowLeft') show(current - 1);
      else if (e.key === 'Home') show(0);
      else if (e.key === 'End') show(last);
      else return;
      e.preventDefault();
    });
    controls.hidden = false;
    show(0);
  }

  function setup() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-map]'), setupMap);
    Array.prototype.forEach.call(document.querySelectorAll('[data-replay]'), setupReplay);
    Array.prototype.forEach.call(document.querySelectorAll('[data-print]'), function (b) {
      b.hidden = false;
      b.addEventListener('click', function () {
        window.print();
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
