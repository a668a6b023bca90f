// Runs while index.html is parsed, before the boot chunk has loaded: starts the downloads the first screen will ask
// for anyway (its translations; with a stored session, also the signed-in shell and this route's page, listed by
// the build in #early-preload), so they arrive while the boot chunk is evaluated instead of after it. With a stored
// session that has not expired it also shows the app frame (src/app/AppFrame.tsx). On an app route it also starts
// the app's boot chunk: at once, or with the frame shown, after the frame's first paint.
(function () {
  var block = document.getElementById('early-preload');
  if (!block) return;
  var data = JSON.parse(block.textContent);
  var saved = /(?:^|;\s*)lang=(uz|ru|en)(?:;|$)/.exec(document.cookie);
  // The fallback language's files load too (i18n/translator.ts).
  var langs = saved && saved[1] !== 'uz' ? [saved[1], 'uz'] : ['uz'];
  function link(rel, href, as) {
    var el = document.createElement('link');
    el.rel = rel;
    el.href = href;
    if (as) el.as = as;
    el.crossOrigin = 'anonymous';
    document.head.appendChild(el);
  }
  function translations(namespaces) {
    langs.forEach(function (lang) {
      namespaces.forEach(function (ns) { link('preload', '/locales/' + lang + '/' + ns + '.json', 'fetch'); });
    });
  }
  // The server left the boot chunk's module script out of an app route's HTML (server/http/appFrame.ts): this
  // script starts it. Elsewhere (the sign-in page) the HTML's own module script does.
  var booted = document.querySelector('script[type="module"]') !== null;
  // The app itself: the boot chunk, as the <script type=module> Vite wrote.
  // Run as a deferred module ran: once the document is parsed (main.tsx renders into #root).
  function boot() {
    if (booted) return;
    booted = true;
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', append);
    else append();
  }
  function append() {
    var el = document.createElement('script');
    el.type = 'module';
    el.crossOrigin = 'anonymous';
    el.src = '/' + data.entry;
    document.head.appendChild(el);
  }
  function code(indexes) {
    indexes.forEach(function (i) { link('modulepreload', '/' + data.files[i]); });
  }
  // A refresh token past its `exp` sends the gate to the sign-in page (src/lib/jwt.ts reads it the same way).
  function unexpired(token) {
    try {
      var exp = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp;
      return typeof exp !== 'number' || exp * 1000 > Date.now();
    } catch (e) { return true; /* unreadable: the gate decides */ }
  }
  translations(data.bootNs);
  var signedIn = null;
  try { signedIn = localStorage.getItem('refreshToken'); } catch (e) { /* storage blocked: the gate decides */ }
  var path = location.pathname.replace(/\/+$/, '') || '/';
  if (!signedIn || !unexpired(signedIn) || path === '/login') return boot();
  // Shows the app frame the server put into the HTML (index.css): the layout and title paint from HTML and CSS, and
  // the boot chunk (already downloading, see modulepreload) runs after that first frame, not before it. A hidden tab
  // produces no frames: the timer starts it there.
  document.documentElement.setAttribute('data-frame', '');
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(function () { setTimeout(boot, 0); });
  setTimeout(boot, 1000);
  code(data.shell);
  translations(data.shellNs);
  var page = data.exact[path];
  if (page === undefined) {
    var best = '';
    Object.keys(data.prefix).forEach(function (p) { if (path.indexOf(p + '/') === 0 && p.length > best.length) best = p; });
    if (best) page = data.prefix[best];
  }
  if (page !== undefined) {
    code(data.pages[page][0]);
    translations(data.pages[page][1]);
  }
})();
