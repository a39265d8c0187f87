/* global document, window, requestAnimationFrame */
// The static atlas's script (docs/flows/index.html, inlined by scripts/flow-atlas-html.ts), first
// part: the charts' zoom, fit and pan, and the screenshots' lightbox. It reads the JSON the page
// carries (#atlas-data), builds its markup with DOM calls, never from strings, and leaves what the
// walk-through (flow-atlas-walk.js) needs in `window.flowAtlas`.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('atlas-data').textContent);
  var charts = {};

  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') el.textContent = attrs[k];
      else el.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c) el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return el;
  }
  var anchor = function () {
    return Array.prototype.join.call(arguments, '-').replace(/[^A-Za-z0-9_-]/g, '_');
  };

  // Screenshots open in a dialog; without one the link opens the image itself.
  var lightbox = document.getElementById('lightbox');
  document.addEventListener('click', function (e) {
    var link = e.target.closest && e.target.closest('a.shot-link');
    if (!link || !lightbox || typeof lightbox.showModal !== 'function') return;
    e.preventDefault();
    var img = lightbox.querySelector('img');
    img.src = link.getAttribute('href');
    img.alt = link.getAttribute('data-caption') || '';
    // A phone's whole page is read at its own width, scrolled, rather than shrunk to the window's height.
    lightbox.classList.toggle('tall', link.classList.contains('phone'));
    lightbox.querySelector('.lightbox-caption').textContent = link.getAttribute('data-caption') || '';
    lightbox.showModal();
  });
  if (lightbox)
    lightbox.addEventListener('click', function (e) {
      if (e.target === lightbox) lightbox.close();
    });

  /** A chart's view: a scale and an offset on the canvas that holds the SVG. */
  function Chart(root) {
    var flow = root.getAttribute('data-flow');
    var vp = root.querySelector('.viewport');
    var canvas = root.querySelector('.canvas');
    var svg = canvas.querySelector('svg');
    var level = root.querySelector('.zoom-level');
    var w = svg.width.baseVal.value || svg.getBoundingClientRect().width;
    var ht = svg.height.baseVal.value || svg.getBoundingClientRect().height;
    var s = 1;
    var x = 0;
    var y = 0;
    var touched = false;
    // The reader chose a zoom: the walk-through then follows its steps without zooming for them.
    var chosen = false;
    var clamp = function (v) {
      return Math.min(4, Math.max(0.05, v));
    };
    function apply() {
      canvas.style.transform = 'translate(' + Math.round(x) + 'px,' + Math.round(y) + 'px) scale(' + s + ')';
      root.setAttribute('data-scale', s.toFixed(3));
      level.textContent = Math.round(s * 100) + ' %';
    }
    function box() {
      return vp.getBoundingClientRect();
    }
    /** The viewport as tall as the chart fitted to its width, within 340 px and 70 % of the window. */
    function size() {
      var want = ht * Math.min(1, box().width / w) + 24;
      vp.style.height = Math.round(Math.max(340, Math.min(want, window.innerHeight * 0.7))) + 'px';
    }
    function fit() {
      var r = box();
      s = clamp(Math.min(r.width / w, r.height / ht) * 0.97);
      x = (r.width - w * s) / 2;
      y = (r.height - ht * s) / 2;
      apply();
    }
    function zoomAt(f, cx, cy) {
      var ns = clamp(s * f);
      x = cx - ((cx - x) * ns) / s;
      y = cy - ((cy - y) * ns) / s;
      s = ns;
      touched = true;
      apply();
    }
    function zoomCentre(f) {
      var r = box();
      zoomAt(f, r.width / 2, r.height / 2);
    }
    function pan(dx, dy) {
      x += dx;
      y += dy;
      touched = true;
      apply();
    }
    /**
     * Brings a shape into view, centred, unless it is in view already; `closer` (or `'follow'`, until
     * the reader chooses a zoom) first zooms in to a readable 80 %.
     */
    function reveal(el, closer) {
      var r = box();
      if ((closer === true || (closer === 'follow' && !chosen)) && s < 0.8) {
        var b0 = el.getBoundingClientRect();
        zoomAt(0.8 / s, b0.left + b0.width / 2 - r.left, b0.top + b0.height / 2 - r.top);
      }
      var b = el.getBoundingClientRect();
      if (b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom) return;
      x += r.left + r.width / 2 - (b.left + b.width / 2);
      y += r.top + r.height / 2 - (b.top + b.height / 2);
      apply();
    }
    var buttons = { '.zoom-in': 1.25, '.zoom-out': 0.8, '.zoom-fit': 0, '.zoom-actual': -1 };
    Object.keys(buttons).forEach(function (sel) {
      root.querySelector(sel).addEventListener('click', function () {
        var f = buttons[sel];
        chosen = true;
        if (f === 0) fit();
        else zoomCentre(f > 0 ? f : 1 / s);
      });
    });
    vp.addEventListener(
      'wheel',
      function (e) {
        // The page scrolls past a chart unless the chart is selected or Ctrl (a trackpad's pinch) is held.
        if (!(e.ctrlKey || e.metaKey || document.activeElement === vp)) return;
        e.preventDefault();
        chosen = true;
        var r = box();
        zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
      },
      { passive: false },
    );
    var drag = null;
    var moved = 0;
    vp.addEventListener('pointerdown', function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY };
      moved = 0;
      vp.focus({ preventScroll: true });
    });
    vp.addEventListener('pointermove', function (e) {
      if (!drag) return;
      moved += Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y);
      // Captured only once it is a drag: a plain click still reaches the box or the link under it.
      if (moved > 4 && !vp.hasPointerCapture(e.pointerId)) {
        vp.setPointerCapture(e.pointerId);
        vp.classList.add('dragging');
      }
      pan(e.clientX - drag.x, e.clientY - drag.y);
      drag = { x: e.clientX, y: e.clientY };
    });
    var end = function () {
      drag = null;
      vp.classList.remove('dragging');
    };
    vp.addEventListener('pointerup', end);
    vp.addEventListener('pointercancel', end);
    // A click on a box (not a drag) shows that state's card, or that rule's row, below.
    vp.addEventListener('click', function (e) {
      if (moved > 4) {
        e.preventDefault();
        return;
      }
      var g = e.target.closest && e.target.closest('g.node, g.cluster');
      // A child flow's box is a link to that flow's section (the links of an SVG are xlink:href).
      if (!g || e.target.closest('a[*|href]')) return;
      // A chart of no flow (the money rules) shows the row its box is drawn from.
      var row = document.querySelector('[data-chart-node="' + g.id + '"]');
      if (row) return showCard(row.id);
      var state = ((data[flow] || {}).states || []).filter(function (st) {
        return flow + '-' + st.svg === g.id;
      })[0];
      if (state) showCard(anchor('state', state.id), anchor('states', flow));
    });
    var moves = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    var zooms = { '+': 1.25, '=': 1.25, '-': 0.8 };
    vp.addEventListener('keydown', function (e) {
      var step = e.shiftKey ? 160 : 40;
      if (moves[e.key]) pan(moves[e.key][0] * step, moves[e.key][1] * step);
      else if (zooms[e.key]) zoomCentre(zooms[e.key]);
      else if (e.key === '0') fit();
      else return;
      if (!moves[e.key]) chosen = true;
      e.preventDefault();
    });
    window.addEventListener('resize', function () {
      if (touched) return;
      size();
      fit();
    });
    size();
    fit();
    return {
      refit: function () {
        if (!touched) fit();
      },
      reveal: reveal,
      root: root,
    };
  }

  function showCard(id, detailsId) {
    var details = detailsId && document.getElementById(detailsId);
    if (details) details.open = true;
    var card = document.getElementById(id);
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.classList.add('flash');
    window.setTimeout(function () {
      card.classList.remove('flash');
    }, 2000);
  }

  document.querySelectorAll('.chart').forEach(function (root) {
    charts[root.getAttribute('data-flow')] = Chart(root);
  });
  // A chart laid out before the fonts or the scroll bar settled is fitted again once the page has loaded.
  window.addEventListener('load', function () {
    requestAnimationFrame(function () {
      Object.keys(charts).forEach(function (k) {
        charts[k].refit();
      });
    });
  });
  // The technical names, for testers and developers, on demand (docs/decisions/071).
  var techToggle = document.getElementById('show-tech');
  if (techToggle)
    techToggle.addEventListener('change', function () {
      document.body.classList.toggle('show-tech', techToggle.checked);
    });
  window.flowAtlas = { data: data, charts: charts, h: h };
})();
