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
