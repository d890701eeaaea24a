// An iPhone's or an iPad's browser, and what it needs to get a Live Photo into Photos without a Mac: the `.pvt.zip`,
// which Files expands into a `.pvt` bundle that it saves to Photos as one Live Photo (docs/guide/making.md).

// iPadOS's Safari calls itself a Mac; a Mac has no touch screen. `?apple-mobile` in the address makes any browser
// one (for a look at the view, and the tests).
export const isAppleMobile = () =>
  /\b(iPhone|iPad|iPod)\b/.test(navigator.userAgent)
  || (/\bMacintosh\b/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  || new URLSearchParams(location.search).has("apple-mobile");

// The steps, in words, shown with the download.
export const pvtZipSteps =
  "To save it to Photos as a Live Photo: download the .pvt.zip (it goes to Files), open Files and tap it to expand it, "
  + "then open the .pvt that appears and share it with Save to Photos. Recent iOS offers this; where it does not, "
  + "download the photo and the video and import both together on a Mac.";

// The `.pvt.zip` link first in `container` (the downloads of a result), with the steps under it.
export function offerPvtZip(container, link) {
  link.dataset.role = "bundle";
  link.classList.add("primary-download");
  const steps = document.createElement("p");
  steps.className = "steps";
  steps.id = `${container.id || "downloads"}-pvt-steps`;
  steps.textContent = pvtZipSteps;
  link.setAttribute("aria-describedby", steps.id);
  container.prepend(link, steps);
}
