// Runs while index.html is parsed, before the boot chunk has loaded: starts the downloads the first screen will ask
// for anyway (its translations; with a stored session, also the signed-in shell and this route's page, listed by
// the build in #early-preload), so they arrive while the boot chunk is evaluated instead of after it.
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
  function code(indexes) {
    indexes.forEach(function (i) { link('modulepreload', '/' + data.files[i]); });
  }
  translations(data.bootNs);
  var signedIn = null;
  try { signedIn = localStorage.getItem('refreshToken'); } catch (e) { /* storage blocked: the gate decides */ }
  var path = location.pathname.replace(/\/+$/, '') || '/';
  if (!signedIn || path === '/login') return;
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
