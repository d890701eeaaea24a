// The server's JSON API: every request the page makes other than uploads (upload.js) and job events (jobs.js).

// Errors arrive as {"error": "..."}; anything else is said plainly.
export async function errorText(response) {
  try { const body = await response.json(); if (body && body.error) return body.error; } catch (e) {}
  return `The server answered ${response.status} ${response.statusText}.`;
}

// GET `url` as JSON; a refusal throws an Error with the server's own words.
export async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}

// POST `body` as JSON to `url`; the answer as JSON, or an Error with the server's words.
export async function postJSON(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(await errorText(response));
  return response.json();
}

// What the page asks first: whether there is a gallery, and the camera's window. Null when it cannot be read, so
// the page still starts with its defaults.
export async function loadConfig() {
  try { return await (await fetch("/api/config")).json(); } catch (e) { return null; }
}
