/* global document, window, requestAnimationFrame, setTimeout, PerformanceObserver */
// Starts the app in a page the server has drawn (docs/decisions/033): the app's modules are asked
// for once the browser reports the drawing on screen, so the first paint and the drawn banner wait
// for nothing but the HTML, the styles and the picture. The entry then draws the app over it, in
// one commit.
(function () {
  var me = document.currentScript;
  // The longest the app waits for a report (the "good" LCP mark): past it, the picture is slower
  // than the code and the visitor would rather have the page work.
  var patienceMs = 2500;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (me.dataset.modules || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.dataset.entry;
    document.head.appendChild(entry);
  }

  // A hidden tab paints nothing, so nothing would be reported.
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  // A visitor who reaches for the page gets the app now.
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    document.addEventListener(type, start, { capture: true, once: true, passive: true });
  });
  setTimeout(start, patienceMs);

  // Paint times are reported once the frame is on screen. The frame after the script (what this
  // waited for before) comes earlier, and a module fetched then can finish before the drawing is
  // shown: the browser, and Lighthouse's simulation of it, then count the app as holding it back.
  var supported = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var waiting = 0;
  function settled() {
    if (--waiting === 0) start();
  }
  function afterFrame() {
    waiting++;
    requestAnimationFrame(function () {
      setTimeout(settled);
    });
  }

  waiting++; // until every wait below is set up
  if (supported.indexOf('paint') >= 0) {
    waiting++;
    var paints = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      paints.disconnect();
      settled();
    });
    paints.observe({ type: 'paint', buffered: true });
  } else {
    afterFrame();
  }

  // The drawn pictures that mark themselves (the top banner): each one shown, or failed to load.
  // One off screen is never painted, so it is not waited for.
  var pictures = Array.prototype.filter.call(document.querySelectorAll('#root img[elementtiming]'), function (img) {
    var box = img.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
  });
  if (pictures.length > 0 && supported.indexOf('element') >= 0) {
    var unseen = pictures.slice();
    var seen = function (img) {
      var i = unseen.indexOf(img);
      if (i < 0) return;
      unseen.splice(i, 1);
      if (unseen.length === 0) {
        shown.disconnect();
        settled();
      }
    };
    waiting++;
    var shown = new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        seen(e.element);
      });
    });
    shown.observe({ type: 'element', buffered: true });
    // A picture that cannot be shown is never reported; decode() turns that down, before or after now.
    pictures.forEach(function (img) {
      if (img.decode) {
        img.decode().catch(function () {
          seen(img);
        });
      } else {
        img.addEventListener('error', function () {
          seen(img);
        });
      }
    });
  } else {
    pictures.forEach(function (img) {
      if (img.complete) return;
      waiting++;
      var done = function () {
        img.removeEventListener('load', done);
        img.removeEventListener('error', done);
        afterFrame();
        settled();
      };
      img.addEventListener('load', done);
      img.addEventListener('error', done);
    });
  }
  settled();
})();
