// Modes, as ARIA tabs: the chosen tab is the one in the Tab order, and the arrow keys (Home, End) move between them.
// What a mode does when it is shown (the gallery scans again, the camera starts) is told through `onModeShown`, so
// this module knows no mode's insides.
import { $ } from "./dom.js";

const listeners = [];

// `listener(mode, wasHidden)` runs after each change of mode; `wasHidden` says whether `mode` was hidden before.
export function onModeShown(listener) {
  listeners.push(listener);
}

const allTabs = () => [...document.querySelectorAll(".segmented [role=tab]")];
const shownTabs = () => allTabs().filter((tab) => !tab.hidden);

export function showMode(mode) {
  const wasHidden = $(mode).hidden;
  for (const tab of allTabs()) {
    tab.setAttribute("aria-selected", String(tab.dataset.mode === mode));
    tab.tabIndex = tab.dataset.mode === mode ? 0 : -1;
  }
  for (const section of document.querySelectorAll(".mode")) section.hidden = section.id !== mode;
  for (const listener of listeners) listener(mode, wasHidden);
}

export const shownMode = () => document.querySelector(".mode:not([hidden])").id;

export function setUpModes() {
  for (const tab of allTabs()) {
    tab.addEventListener("click", () => showMode(tab.dataset.mode));
    tab.addEventListener("keydown", (e) => {
      const all = shownTabs(), at = all.indexOf(tab);
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      const target = all[(next + all.length) % all.length];
      showMode(target.dataset.mode);
      target.focus();
    });
  }
}
