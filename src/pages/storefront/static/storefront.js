// The storefront's progressive script (served as is by src/pages/storefront/assets.ts, no build).
// Every page works without it. With it, "add to cart" stays on the page: the form is sent as the
// browser would send it, the page the server redirects to is read for its cart counter and its
// message, and both replace the current ones. When that page names a problem (?error=…), or
// anything goes wrong, the browser simply goes there, as it would without the script.
(function () {
  'use strict';

  function replaceNotice(text) {
    var main = document.querySelector('main');
    if (!main) return;
    var old = main.querySelector('p.notice, p.error');
    if (old) old.remove();
    if (!text) return;
    var p = document.createElement('p');
    p.className = 'notice';
    p.setAttribute('role', 'status');
    p.textContent = text;
    main.insertBefore(p, main.firstChild);
  }

  function addToCart(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('add-to-cart')) return;
    if (!window.fetch || !window.DOMParser || !window.URLSearchParams) return;
    event.preventDefault();
    var button = form.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(new FormData(form)).toString(),
    })
      .then(function (res) {
        if (!res.ok || /[?&]error=/.test(res.url)) {
          window.location.assign(res.url || form.action);
          return null;
        }
        return res.text();
      })
      .then(function (text) {
        if (text === null) return;
        var next = new DOMParser().parseFromString(text, 'text/html');
        var count = next.getElementById('cart-count');
        var mine = document.getElementById('cart-count');
        if (count && mine) mine.textContent = count.textContent;
        var notice = next.querySelector('main p.notice');
        replaceNotice(notice ? notice.textContent : '');
      })
      .catch(function () {
        form.submit();
      })
      .then(function () {
        if (button) button.disabled = false;
      });
  }

  // At checkout, the typed address fields of a fieldset matter only when "another address" is
  // chosen: the script hides them otherwise (without it, all of them show and the choice decides).
  function showTypedWhenChosen(fieldset) {
    var typed = fieldset.querySelector('.typed');
    if (!typed || !fieldset.querySelector('input[type=radio]')) return;
    var chosen = fieldset.querySelector('input[type=radio]:checked');
    typed.hidden = !(chosen && chosen.value === 'new');
  }

  document.addEventListener('submit', addToCart);
  var fieldsets = document.querySelectorAll('form.checkout fieldset');
  for (var i = 0; i < fieldsets.length; i++) {
    showTypedWhenChosen(fieldsets[i]);
    fieldsets[i].addEventListener('change', showTypedWhenChosen.bind(null, fieldsets[i]));
  }
})();
