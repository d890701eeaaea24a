// The Live Photo viewer, as Photos shows one: the still at rest with a LIVE badge; press and hold plays the movie
// with sound, which settles back on the still when let go or at its end.

// A mouse also plays it by hovering. It takes the keyboard's focus, and holding Space or Enter plays it. A touch
// that turns into a vertical swipe scrolls the page: the browser then cancels the pointer, which settles the viewer.
export function liveViewer(photoURL, videoURL, name, kind = "Live Photo") {
  const box = document.createElement("div");
  box.className = "live-viewer";
  box.dataset.state = "still";
  box.tabIndex = 0;
  box.setAttribute("role", "button");
  box.setAttribute("aria-label", `${name ? `${name}: ` : ""}${kind}, press and hold to play`);
  const img = document.createElement("img");
  img.src = photoURL; img.alt = ""; img.draggable = false; img.decoding = "async";
  const video = document.createElement("video");
  video.playsInline = true; video.preload = "none"; video.dataset.src = videoURL;
  const badge = document.createElement("span");
  badge.className = "badge"; badge.textContent = "LIVE"; badge.setAttribute("aria-hidden", "true");
  box.append(img, video, badge);
  // A hold takes over from a brief play (`playBriefly`) still running: it starts again, with sound, and lasts.
  const play = () => {
    if (box.dataset.held === "yes") return;
    if (!video.src) video.src = video.dataset.src;
    box.dataset.held = "yes";
    box.dataset.state = "playing";
    video.currentTime = 0; video.muted = false;
    video.play().catch(() => { video.muted = true; video.play().catch(() => settle()); });
  };
  const settle = () => { video.pause(); delete box.dataset.held; box.dataset.state = "still"; };
  const isHoldKey = (e) => e.key === " " || e.key === "Enter";
  box.addEventListener("pointerdown", (e) => {
    if (e.button > 0) return;
    e.preventDefault();
    // Held on the viewer even when the finger or the mouse drifts off it.
    try { box.setPointerCapture(e.pointerId); } catch (err) {}
    play();
  });
  box.addEventListener("pointerup", settle);
  box.addEventListener("pointercancel", settle);
  box.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") play(); });
  box.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") settle(); });
  // A long press would open the image's menu on a phone.
  box.addEventListener("contextmenu", (e) => e.preventDefault());
  box.addEventListener("keydown", (e) => {
    if (!isHoldKey(e)) return;
    e.preventDefault(); // Space would scroll the page.
    play();
  });
  box.addEventListener("keyup", (e) => { if (isHoldKey(e)) settle(); });
  box.addEventListener("blur", settle);
  video.addEventListener("ended", settle);
  video.addEventListener("playing", () => { box.dataset.played = "yes"; });
  return box;
}

// As Photos shows a Live Photo it opens: the movie once, silent and brief, then it settles on the key photo (a
// press and hold plays it again, with sound).
export function playBriefly(viewer) {
  const video = viewer.querySelector("video");
  if (!video.src) video.src = video.dataset.src;
  video.muted = true;
  viewer.dataset.state = "playing";
  // Unless a hold has taken over by then.
  const settle = () => { if (viewer.dataset.held !== "yes") { video.pause(); viewer.dataset.state = "still"; } };
  video.addEventListener("playing", () => setTimeout(settle, 1500), { once: true });
  video.play().catch(() => { if (viewer.dataset.held !== "yes") viewer.dataset.state = "still"; });
}
