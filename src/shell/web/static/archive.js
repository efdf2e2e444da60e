// The web archive's only script (served from 'self'; the CSP allows no inline script): the replay
// controls of a turn page and the print button of a log sheet. Without it a turn page shows the
// start of the turn and the whole log; with it, the buttons step the map through the impulses.
/* global document, window */
(function () {
  'use strict';

  function setupReplay(root) {
    var last = Number(root.getAttribute('data-last')) || 0;
    var frames = Array.prototype.slice.call(root.querySelectorAll('svg .frame'));
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
      infos.forEach(function (d) { d.hidden = Number(d.getAttribute('data-frame')) !== current; });
      counter.textContent = current + ' / ' + last;
      root.setAttribute('data-current', String(current));
      buttons.first.disabled = buttons.prev.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = current === last;
    }

    var steps = {
      first: function () { return 0; },
      prev: function () { return current - 1; },
      next: function () { return current + 1; },
      last: function () { return last; },
    };
    Object.keys(steps).forEach(function (k) {
      if (buttons[k]) buttons[k].addEventListener('click', function () { show(steps[k]()); });
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
    Array.prototype.forEach.call(document.querySelectorAll('[data-replay]'), setupReplay);
    Array.prototype.forEach.call(document.querySelectorAll('[data-print]'), function (b) {
      b.hidden = false;
      b.addEventListener('click', function () { window.print(); });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
