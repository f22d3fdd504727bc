// Run inside the page before each script (as a prefix of the function body): finds elements the
// way a driver reads the screen and marks the one found for the engine's native input.
export const HELPERS = `
  var norm = function (t) { return String(t || '').replace(/\\s+/g, ' ').trim(); };
  var visible = function (el) { var r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  var textOf = function (el) { return norm(el.getAttribute('aria-label') || el.textContent); };
  var labelled = function (name) {
    var labels = Array.prototype.slice.call(document.querySelectorAll('label'));
    for (var i = 0; i < labels.length; i++) {
      var label = labels[i];
      var own = norm(Array.prototype.map.call(label.childNodes, function (n) { return n.nodeType === 3 || (n.nodeType === 1 && !/INPUT|SELECT|TEXTAREA/.test(n.tagName)) ? n.textContent : ''; }).join(' '));
      if (own !== name && norm(label.textContent) !== name) continue;
      var control = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input,select,textarea');
      if (control) return control;
    }
    return null;
  };
  var find = function (kind, name) {
    if (kind === 'css') return document.querySelector(name);
    if (kind === 'groupradio') {
      // "Group › Option": the option of the fieldset (or radiogroup) whose legend or label is Group.
      var parts = name.split(' › ');
      var groups = Array.prototype.slice.call(document.querySelectorAll('fieldset,[role=radiogroup],[role=group]'));
      for (var g = 0; g < groups.length; g++) {
        var legend = groups[g].querySelector('legend');
        var labelledBy = groups[g].getAttribute('aria-labelledby');
        var title = norm(legend ? legend.textContent : labelledBy && document.getElementById(labelledBy) ? document.getElementById(labelledBy).textContent : groups[g].getAttribute('aria-label'));
        if (title !== parts[0]) continue;
        var labels = Array.prototype.slice.call(groups[g].querySelectorAll('label'));
        for (var l = 0; l < labels.length; l++) {
          if (norm(labels[l].textContent) !== parts[1]) continue;
          return labels[l].htmlFor ? document.getElementById(labels[l].htmlFor) : labels[l].querySelector('input');
        }
      }
      return null;
    }
    if (kind === 'label') return labelled(name);
    var selector = kind === 'link' ? 'a[href]' : kind === 'button' ? 'button,[role=button],input[type=submit]' : kind === 'heading' ? 'h1' : kind === 'radio' ? 'input[type=radio],input[type=checkbox]' : '*';
    var all = Array.prototype.slice.call(document.querySelectorAll(selector)).filter(visible);
    if (kind === 'radio') return labelled(name);
    var exact = all.filter(function (el) { return textOf(el) === name; });
    if (exact.length) return exact[0];
    var starts = all.filter(function (el) { return textOf(el).indexOf(name) === 0; });
    return starts[0] || null;
  };
  var mark = function (kind, name) {
    var el = find(kind, name);
    if (!el) return null;
    var id = 'e' + Math.random().toString(36).slice(2);
    el.setAttribute('data-e2e', id);
    return '[data-e2e="' + id + '"]';
  };
`;

// "Offline" for one download, in every engine (issue 39, 1): WebKitGTK's WebDriver intercepts no
// request, and the servers cannot be told per test (renaming the built file on disk for a moment
// would also fail the other runs that share dist/, and both servers send it compressed from its
// .br/.gz twins), so the page itself sends the first request for the script whose address matches
// `pattern` (a source of a RegExp) to an address of its own origin that does not exist: both
// servers answer a missing .js with a real 404 (never the page), so the download fails and the
// chunk loader sees the same error event as offline (a closed port would be refused by the page's
// Content-Security-Policy first, which Firefox reports as a page error). Every later request goes
// as it was. Scripts are appended to document.head by the bundler's chunk loader (Rspack's
// `__webpack_require__.l`); `window.__offlineOnce` counts the requests asked for.
export const OFFLINE_ONCE = `
  var pattern = new RegExp(arguments[0]);
  var state = (window.__offlineOnce = { asked: 0, failed: [] });
  var append = Node.prototype.appendChild;
  document.head.appendChild = function (node) {
    if (node && node.tagName === 'SCRIPT' && pattern.test(node.src)) {
      state.asked += 1;
      if (state.asked === 1) {
        node.src = new URL('/offline' + new URL(node.src).pathname, location.origin).href;
        state.failed.push(node.src);
      }
    }
    return append.call(this, node);
  };
  return true;
`;
