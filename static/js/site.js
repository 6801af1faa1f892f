// What every page does with JavaScript (a file, not inline: the Content-Security-Policy allows
// only our own scripts). Without JavaScript the language form has its own button.
document.addEventListener("change", (event) => {
  const select = event.target.closest("#language-select");
  if (select) select.form.submit();
});
