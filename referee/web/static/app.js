// A little help for the page; everything works without it.
// 1. Suggestions for the field, from the grammar (POST /complete). 2. Copy the summary.
(function () {
  "use strict";
  var field = document.getElementById("line");
  var list = document.getElementById("suggestions");
  var form = document.getElementById("entry");
  if (field && list && form && window.fetch) {
    var pending = null;
    field.addEventListener("input", function () {
      clearTimeout(pending);
      pending = setTimeout(function () {
        var body = new URLSearchParams();
        body.set("log", form.elements["log"].value);
        body.set("line", field.value);
        fetch("/complete", { method: "POST", body: body }).then(function (r) { return r.json(); }).then(function (words) {
          while (list.firstChild) { list.removeChild(list.firstChild); }
          words.forEach(function (word) {
            var option = document.createElement("option");
            option.value = word;  // set as a property: never read as HTML
            list.appendChild(option);
          });
        }).catch(function () {});
      }, 150);
    });
    if (field.value) { field.focus(); field.setSelectionRange(field.value.length, field.value.length); }
  }
  var copy = document.getElementById("copy");
  if (copy) {
    copy.addEventListener("click", function () {
      var text = document.getElementById(copy.getAttribute("data-copy"));
      text.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text.value);
      } else {
        document.execCommand("copy");
      }
      copy.textContent = "Copied";
    });
  }
})();
