// A little help for the page; everything but the card picker and the live updates works without it.
// 1. Suggestions for the field, from the grammar (POST .../complete). 2. The card picker adds the
// tapped card to the field. 3. Live: when another phone enters a line, the hand is fetched again
// (server-sent events) and the page's hand replaced, unless this phone is half-way through a line.
// 4. Copy the summary. Handlers hang on the document, so a replaced hand needs no new ones.
(function () {
  "use strict";
  var pending = null;

  function hand() { return document.getElementById("hand"); }
  function field() { return document.getElementById("line"); }

  function wantsCards(text) {
    // The lines that end in cards: a show, an exposed or flashed card, a card found face up.
    return /\b(shows|exposes|face up in pack:|duplicate card found:)/i.test(text);
  }

  function showPicker() {
    var picker = document.getElementById("picker");
    var input = field();
    if (picker && input) { picker.classList.toggle("open", wantsCards(input.value)); }
  }

  document.addEventListener("input", function (event) {
    var input = field();
    if (event.target !== input) { return; }
    showPicker();
    var box = hand();
    var list = document.getElementById("suggestions");
    if (!box || !list || !window.fetch) { return; }
    clearTimeout(pending);
    pending = setTimeout(function () {
      var body = new URLSearchParams();
      body.set("hand", box.getAttribute("data-hand"));
      body.set("line", input.value);
      fetch(box.getAttribute("data-complete"), { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) { return r.json(); }).then(function (words) {
          while (list.firstChild) { list.removeChild(list.firstChild); }
          words.forEach(function (word) {
            var option = document.createElement("option");
            option.value = word;  // set as a property: never read as HTML
            list.appendChild(option);
          });
        }).catch(function () {});
    }, 150);
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("button") : null;
    if (!target) { return; }
    var input = field();
    if (target.hasAttribute("data-card") && input) {
      var text = input.value;
      input.value = text + (text === "" || / $/.test(text) ? "" : " ") + target.getAttribute("data-card") + " ";
      showPicker();
      return;
    }
    if (target.id === "card-back" && input) {
      input.value = input.value.replace(/[2-9TJQKA][shdc] *$/i, "");
      return;
    }
    if (target.id === "copy") {
      var text2 = document.getElementById(target.getAttribute("data-copy"));
      text2.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text2.value);
      } else {
        document.execCommand("copy");
      }
      target.textContent = "Copied";
    }
  });

  // Live: the hand's version from the server; a newer one than the page shows brings the hand again.
  function refresh() {
    var box = hand();
    if (!box) { return; }
    var input = field();
    var typing = input && input.value.trim() !== "" && input.value !== input.defaultValue;
    if (typing) {
      var note = document.getElementById("changed");
      if (!note) {
        note = document.createElement("p");
        note.id = "changed";
        note.className = "problems stale";
        note.textContent = "Another phone entered a line: this hand changed — reload to see it.";
        box.insertBefore(note, box.firstChild);
      }
      return;
    }
    fetch(window.location.pathname, { credentials: "same-origin" }).then(function (r) { return r.text(); })
      .then(function (page) {
        var fresh = new DOMParser().parseFromString(page, "text/html").getElementById("hand");
        var now = hand();
        if (fresh && now) {
          now.replaceWith(document.importNode(fresh, true));
          if (window.location.search) { history.replaceState(null, "", window.location.pathname); }
        }
      }).catch(function () {});
  }

  var box = hand();
  if (box && window.EventSource) {
    var source = new EventSource(box.getAttribute("data-events"));
    source.onmessage = function (event) {
      var shown = hand();
      if (shown && event.data !== shown.getAttribute("data-version")) { refresh(); }
    };
  }
  var input = field();
  if (input && input.value) { input.focus(); input.setSelectionRange(input.value.length, input.value.length); }
  showPicker();
})();
