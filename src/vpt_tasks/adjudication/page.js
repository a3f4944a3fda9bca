// The annotator's page: decide each row with its buttons or keys, save the filled sheet.
// Static and offline: every row is in the page (#rows); nothing is sent anywhere.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("rows").textContent);
  const columns = data.columns;
  const rows = data.rows;
  const storeKey = "vpt-adjudication:" + data.export;
  const state = JSON.parse(localStorage.getItem(storeKey) || "{}");
  const list = document.getElementById("list");
  const progress = document.getElementById("progress");
  const annotator = document.getElementById("annotator");
  const FORMULA = ["=", "+", "-", "@", "\t", "\r"];
  let current = 0;
  annotator.value = state.annotator || "";

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function decisionOf(i) { return (state[i] && state[i].decision) || ""; }
  function remember() {
    state.annotator = annotator.value;
    localStorage.setItem(storeKey, JSON.stringify(state));
    const done = rows.filter((_, i) => decisionOf(i).trim()).length;
    progress.textContent = done + " of " + rows.length + " decided";
  }
  function setDecision(i, value) {
    state[i] = Object.assign(state[i] || {}, { decision: value });
    const card = list.children[i];
    card.querySelector("input.decision").value = value;
    for (const b of card.querySelectorAll("button.choice")) {
      const parts = value.split(",").map((p) => p.trim().toLowerCase());
      b.classList.toggle("on", rows[i].multiple ? parts.includes(b.dataset.value.toLowerCase())
                                               : value.toUpperCase() === b.dataset.value.toUpperCase());
    }
    card.classList.toggle("decided", value.trim() !== "");
    remember();
  }
  function choose(i, value) {
    const row = rows[i];
    if (!row.multiple || value === "-") { setDecision(i, value); return; }
    let parts = decisionOf(i).split(",").map((p) => p.trim()).filter((p) => p && p !== "-");
    parts = parts.includes(value) ? parts.filter((p) => p !== value) : parts.concat([value]);
    setDecision(i, parts.join(", "));
  }
  function focusRow(i) {
    current = Math.max(0, Math.min(rows.length - 1, i));
    for (const card of list.children) card.classList.remove("current");
    const card = list.children[current];
    if (card) { card.classList.add("current"); card.scrollIntoView({ block: "nearest" }); }
  }
  rows.forEach((row, i) => {
    const v = row.values;
    const card = el("section", { class: "row", id: "row-" + v.row });
    card.append(el("h2", {}, "#" + v.row + " · " + v.task + " · " + v.model));
    card.append(el("p", { class: "where" }, "log " + v.log + " · sample " + v.sample_id +
      " · epoch " + v.epoch + " · score " + v.score));
    if (v.image) card.append(el("img", { src: v.image, alt: "the image of sample " + v.sample_id }));
    else card.append(el("p", { class: "where" }, "(no image in the log)"));
    card.append(el("p", { class: "question" }, v.question));
    card.append(el("pre", { class: "answer" }, v.answer));
    card.append(el("p", { class: "proposed" }, "proposed: " + (v.proposed || "–") + " (" +
      v.decided_by + (v.why ? ": " + v.why : "") + ")"));
    const buttons = el("div", { class: "choices" });
    row.choices.forEach(([value, label], n) => {
      const b = el("button", { class: "choice", type: "button", "data-value": value,
                               title: n < 9 ? "key " + (n + 1) : "" },
                   (n < 9 ? (n + 1) + " · " : "") + label);
      b.addEventListener("click", () => { focusRow(i); choose(i, value); });
      buttons.append(b);
    });
    card.append(buttons);
    const decision = el("input", { class: "decision", "aria-label": "decision",
      placeholder: row.counts ? "components, or a count in digits" : "decision" });
    decision.addEventListener("input", () => setDecision(i, decision.value));
    const note = el("input", { class: "note", "aria-label": "note", placeholder: "note" });
    note.value = (state[i] && state[i].note) || "";
    note.addEventListener("input", () => { state[i] = Object.assign(state[i] || {}, { note: note.value }); remember(); });
    card.append(el("label", {}, "decision "), decision, el("label", {}, " note "), note);
    card.addEventListener("click", () => focusRow(i));
    list.append(card);
    setDecision(i, decisionOf(i));
  });
  annotator.addEventListener("input", remember);
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
    const n = parseInt(event.key, 10);
    if (n >= 1 && n <= 9 && rows[current] && rows[current].choices[n - 1]) {
      choose(current, rows[current].choices[n - 1][0]);
    } else if (event.key === "j" || event.key === "ArrowDown") focusRow(current + 1);
    else if (event.key === "k" || event.key === "ArrowUp") focusRow(current - 1);
    else if (event.key === "Enter") { if (decisionOf(current).trim()) focusRow(current + 1); }
    else if (event.key === "n") { list.children[current].querySelector("input.note").focus(); }
    else return;
    event.preventDefault();
  });

  function safe(text) { return FORMULA.some((c) => text.startsWith(c)) ? "'" + text : text; }
  function quoted(text) { return '"' + String(text).replace(/"/g, '""') + '"'; }
  function sheetText() {
    const lines = [columns.map(quoted).join(",")];
    rows.forEach((row, i) => {
      const filled = { decision: decisionOf(i).trim(), annotator: annotator.value.trim(),
                       note: ((state[i] && state[i].note) || "").trim() };
      if (!filled.decision) filled.annotator = "";
      lines.push(columns.map((c, k) => quoted(c in filled ? safe(filled[c]) : row.cells[k])).join(","));
    });
    return "\ufeff" + lines.join("\r\n") + "\r\n";
  }
  document.getElementById("save").addEventListener("click", () => {
    const blob = new Blob([sheetText()], { type: "text/csv;charset=utf-8" });
    const link = el("a", { href: URL.createObjectURL(blob),
      download: "sheet-" + (annotator.value.trim().replace(/[^\w.-]+/g, "_") || "annotator") + ".csv" });
    document.body.append(link);
    link.click();
    link.remove();
  });
  focusRow(0);
  remember();
})();
