// The way back to the site. The first sign-in page is the provider's authorization URL, whose
// redirect_uri names the site's callback; its origin is kept for the pages that follow (a wrong
// password, registration), whose URLs no longer carry it. Only http(s) origins are taken.
(function () {
  var KEY = 'hub-site-origin';
  function siteOrigin() {
    try {
      var redirect = new URLSearchParams(window.location.search).get('redirect_uri');
      if (redirect) {
        var url = new URL(redirect);
        if (url.protocol === 'http:' || url.protocol === 'https:') sessionStorage.setItem(KEY, url.origin);
      }
      return sessionStorage.getItem(KEY);
    } catch (e) {
      return null;
    }
  }
  document.addEventListener('DOMContentLoaded', function () {
    var origin = siteOrigin();
    if (!origin) return;
    var links = document.querySelectorAll('[data-hub-link]');
    for (var i = 0; i < links.length; i++) links[i].href = origin + links[i].getAttribute('data-hub-link');
  });
})();
