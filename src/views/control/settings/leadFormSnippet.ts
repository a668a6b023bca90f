// The ready-to-paste HTML of the public lead form: a plain <form> and a small script that posts it as JSON with
// the branch's key (docs/lead-form.md). Its texts come in the interface's language; every text is escaped for
// the HTML or the JavaScript string it lands in.
import { HONEYPOT_FIELD, LEAD_KEY_HEADER } from '../../../../contract/leadCapture';

export type SnippetTexts = { name: string; phone: string; subject: string; comment: string; send: string; thanks: string; failed: string };

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const js = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c');

export function leadFormSnippet(endpoint: string, key: string, texts: SnippetTexts): string {
  return `<form id="markaz-lead-form">
  <input name="full_name" placeholder="${html(texts.name)}" required maxlength="150">
  <input name="phone" type="tel" placeholder="${html(texts.phone)}" required>
  <input name="subject" placeholder="${html(texts.subject)}">
  <textarea name="comment" placeholder="${html(texts.comment)}"></textarea>
  <input name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" aria-hidden="true" style="position:absolute;left:-10000px">
  <button type="submit">${html(texts.send)}</button>
  <p data-status></p>
</form>
<script>
(function () {
  var form = document.getElementById('markaz-lead-form');
  var status = form.querySelector('[data-status]');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var body = Object.fromEntries(new FormData(form));
    fetch(${js(endpoint)}, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ${js(LEAD_KEY_HEADER)}: ${js(key)} },
      body: JSON.stringify(body)
    }).then(function (res) {
      status.textContent = res.ok ? ${js(texts.thanks)} : ${js(texts.failed)};
      if (res.ok) form.reset();
    }).catch(function () {
      status.textContent = ${js(texts.failed)};
    });
  });
})();
</script>`;
}
