/* global document, requestAnimationFrame, setTimeout */
// Starts the app in a page the server has drawn (docs/decisions/033): the app's modules are asked
// for once that drawing has been painted, so the first paint waits for the HTML and the styles
// only. The entry then draws the app over it, in one commit.
(function () {
  var me = document.currentScript;
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
  // After the next frame has been painted; a hidden tab paints no frames, so it starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start); });
})();
