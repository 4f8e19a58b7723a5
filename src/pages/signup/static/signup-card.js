// The signup's card step in a browser with Stripe.js (production: the page loads https://js.stripe.com/v3/
// when STRIPE_PUBLISHABLE_KEY is set): Stripe's own card field is mounted in #card-element and, when the
// form is sent, the SetupIntent is confirmed with Stripe first (the card number goes to Stripe only);
// then the form posts, and the service reads the confirmed SetupIntent back from Stripe.
(function () {
  'use strict';
  var form = document.getElementById('card-form');
  if (!form || typeof window.Stripe !== 'function' || !form.dataset.publishableKey) return;
  var stripe = window.Stripe(form.dataset.publishableKey);
  var card = stripe.elements().create('card');
  var note = document.getElementById('card-js-note');
  if (note) note.remove();
  card.mount('#card-element');
  var errors = document.getElementById('card-errors');
  var confirmed = false;
  form.addEventListener('submit', function (event) {
    if (confirmed) return;
    event.preventDefault();
    var button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    stripe.confirmCardSetup(form.dataset.clientSecret, { payment_method: { card: card } }).then(function (result) {
      if (button) button.disabled = false;
      if (result.error) {
        errors.textContent = result.error.message;
        return;
      }
      confirmed = true;
      form.submit();
    });
  });
})();
