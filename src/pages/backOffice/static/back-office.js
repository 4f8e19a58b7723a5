// The back offices' one script, served as written. Every page works without it; it adds:
// - live parts: an element with an id and `data-refresh="<ms>"` is fetched again from the page's
//   own URL and replaced by its new version (progress bars, counts, health figures), until the new
//   version no longer asks to be refreshed (a finished import, a completed scan);
// - `data-confirm="<question>"` on a form asks before it is sent;
// - `data-autosubmit` on a select sends its form on change (the language switch).
(function () {
  'use strict';

  function refresh(el) {
    var every = parseInt(el.getAttribute('data-refresh'), 10);
    if (!el.id || !(every >= 500)) return;
    setTimeout(function () {
      if (document.hidden) return refresh(el);
      fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
        .then(function (res) {
          if (!res.ok) throw new Error('HTTP ' + res.status);
          return res.text();
        })
        .then(function (text) {
          var doc = new DOMParser().parseFromString(text, 'text/html');
          var next = doc.getElementById(el.id);
          if (!next) return;
          el.replaceWith(next);
          wire(next);
        })
        .catch(function () {
          refresh(el);
        });
    }, every);
  }

  function wire(root) {
    root.querySelectorAll('form[data-confirm]').forEach(function (form) {
      form.addEventListener('submit', function (e) {
        if (!window.confirm(form.getAttribute('data-confirm'))) e.preventDefault();
      });
    });
    root.querySelectorAll('select[data-autosubmit]').forEach(function (select) {
      var button = select.form && select.form.querySelector('button');
      if (button) button.hidden = true;
      select.addEventListener('change', function () {
        select.form.submit();
      });
    });
    root.querySelectorAll('[data-refresh]').forEach(refresh);
    if (root.hasAttribute && root.hasAttribute('data-refresh')) refresh(root);
  }

  function start() {
    wire(document);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
