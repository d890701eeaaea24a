import Hummingbird

/// The page, its script and its style, compiled into the binary so the app works offline.
enum WebAssets {
    static func response(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static let page = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>livephoto</title>
        <link rel="stylesheet" href="/app.css">
        </head>
        <body>
        <header>
          <h1>livephoto</h1>
          <nav class="segmented" role="tablist" aria-label="Mode">
            <button id="tab-assemble" role="tab" data-mode="assemble" aria-selected="true">Assemble</button>
            <button id="tab-disassemble" role="tab" data-mode="disassemble" aria-selected="false">Disassemble</button>
            <button id="tab-gallery" role="tab" data-mode="gallery" aria-selected="false" hidden>Gallery</button>
          </nav>
        </header>
        <main>
          <section id="assemble" class="mode">
            <p class="hint">Choose a photo and a video, or a video alone (the still is then taken from it). Nothing leaves this computer.</p>
            <div class="pickers">
              <label class="picker">Photo <small>(optional)</small><input type="file" id="assemble-photo" accept="image/*,.heic,.heif"></label>
              <label class="picker">Video<input type="file" id="assemble-video" accept="video/*,.mov,.mp4,.m4v,.webm,.mkv,.gif"></label>
            </div>
            <div class="progress" id="assemble-upload" hidden><div class="bar"></div><span class="label"></span></div>
            <div id="scrubber" hidden>
              <img id="scrub-frame" alt="The cover frame">
              <label>Cover <input type="range" id="cover" min="0" max="1" step="0.001" value="0.5"></label>
              <output id="cover-label"></output>
            </div>
            <button id="assemble-go" class="primary" disabled>Make Live Photo</button>
            <div class="progress" id="assemble-progress" hidden><div class="bar"></div><span class="label"></span></div>
            <p class="error" id="assemble-error" role="alert" hidden></p>
            <div id="assemble-result" class="result" hidden>
              <div class="viewer-slot"></div>
              <p class="summary"></p>
              <div class="downloads"></div>
            </div>
          </section>
          <section id="disassemble" class="mode" hidden>
            <p class="hint">Choose a Live Photo (its photo and its video, or a .pvt.zip) or a Motion Photo from an Android phone.</p>
            <label class="picker">Live Photo or Motion Photo<input type="file" id="disassemble-files" multiple></label>
            <div class="progress" id="disassemble-upload" hidden><div class="bar"></div><span class="label"></span></div>
            <button id="disassemble-go" class="primary" disabled>Take apart</button>
            <div class="progress" id="disassemble-progress" hidden><div class="bar"></div><span class="label"></span></div>
            <p class="error" id="disassemble-error" role="alert" hidden></p>
            <div id="disassemble-result" class="result" hidden>
              <div class="parts">
                <figure><img id="disassemble-photo" alt="The photo"><figcaption>Photo</figcaption></figure>
                <figure><video id="disassemble-video" controls playsinline preload="metadata"></video><figcaption>Video</figcaption></figure>
              </div>
              <p class="summary"></p>
              <div class="downloads"></div>
            </div>
          </section>
          <section id="gallery" class="mode" hidden>
            <p class="hint">Press and hold (or hover) a photo to play it.</p>
            <p class="error" id="gallery-error" role="alert" hidden></p>
            <div class="grid" id="gallery-grid"></div>
          </section>
        </main>
        <script src="/app.js"></script>
        </body>
        </html>
        """#

    static let style = #"""
        :root { color-scheme: light dark; --accent: #0a84ff; --bg: #f5f5f7; --card: #fff; --text: #1d1d1f; --muted: #6e6e73; }
        @media (prefers-color-scheme: dark) { :root { --bg: #1c1c1e; --card: #2c2c2e; --text: #f5f5f7; --muted: #a1a1a6; } }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; font: 16px/1.4 -apple-system, system-ui, sans-serif; background: var(--bg); color: var(--text); }
        header { display: flex; flex-direction: column; align-items: center; gap: .75rem; padding: 1.5rem 1rem .5rem; }
        h1 { margin: 0; font-size: 1.4rem; }
        .segmented { display: inline-flex; background: var(--card); border-radius: 9px; padding: 2px; box-shadow: 0 1px 3px #0002; }
        .segmented button { border: 0; background: transparent; color: var(--text); padding: .45rem 1.2rem; border-radius: 7px; font: inherit; cursor: pointer; }
        .segmented button[aria-selected="true"] { background: var(--accent); color: #fff; }
        main { max-width: 860px; margin: 0 auto; padding: 1rem; }
        .mode { background: var(--card); border-radius: 14px; padding: 1.25rem; box-shadow: 0 1px 3px #0002; display: flex; flex-direction: column; gap: 1rem; }
        .hint { color: var(--muted); margin: 0; }
        .pickers { display: flex; gap: 1rem; flex-wrap: wrap; }
        .picker { display: flex; flex-direction: column; gap: .35rem; font-weight: 600; }
        .picker small { font-weight: 400; color: var(--muted); }
        button.primary { align-self: flex-start; background: var(--accent); color: #fff; border: 0; border-radius: 9px; padding: .6rem 1.4rem; font: inherit; cursor: pointer; }
        button.primary:disabled { opacity: .4; cursor: default; }
        .progress { position: relative; height: 1.5rem; background: #8883; border-radius: 6px; overflow: hidden; }
        .progress .bar { height: 100%; width: 0; background: var(--accent); transition: width .15s; }
        .progress .label { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; font-size: .8rem; }
        .error { color: #ff453a; font-weight: 600; margin: 0; }
        #scrubber { display: flex; flex-direction: column; gap: .5rem; }
        #scrubber img { max-width: 100%; max-height: 320px; object-fit: contain; background: #000; border-radius: 8px; }
        #scrubber input { width: 100%; }
        .result { display: flex; flex-direction: column; gap: .75rem; }
        .downloads { display: flex; gap: .75rem; flex-wrap: wrap; }
        .downloads a { color: var(--accent); text-decoration: none; border: 1px solid var(--accent); border-radius: 8px; padding: .35rem .8rem; }
        .parts { display: flex; gap: 1rem; flex-wrap: wrap; }
        .parts figure { margin: 0; flex: 1 1 280px; }
        .parts img, .parts video { width: 100%; max-height: 360px; object-fit: contain; background: #000; border-radius: 8px; }
        .live-viewer { position: relative; display: inline-block; width: 100%; max-width: 480px; aspect-ratio: 4 / 3; background: #000; border-radius: 10px; overflow: hidden; user-select: none; touch-action: none; cursor: pointer; }
        .live-viewer img, .live-viewer video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; }
        .live-viewer video { opacity: 0; transition: opacity .2s; }
        .live-viewer[data-state="playing"] video { opacity: 1; }
        .live-viewer .badge { position: absolute; top: .5rem; left: .5rem; font-size: .7rem; font-weight: 700; letter-spacing: .06em; color: #fff; background: #0008; border-radius: 4px; padding: .1rem .4rem; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: .75rem; }
        .grid .item { display: flex; flex-direction: column; gap: .25rem; font-size: .8rem; color: var(--muted); }
        .grid .live-viewer { aspect-ratio: 1; }
        """#

    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);

        // Errors arrive as {"error": "..."}; anything else is said plainly.
        async function errorText(response) {
          try { const body = await response.json(); if (body && body.error) return body.error; } catch (e) {}
          return `The server answered ${response.status} ${response.statusText}.`;
        }

        function showError(id, text) { const el = $(id); el.textContent = text; el.hidden = !text; }

        function setProgress(id, fraction, label) {
          const el = $(id);
          el.hidden = false;
          el.querySelector(".bar").style.width = `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
          el.querySelector(".label").textContent = label;
          el.dataset.fraction = String(fraction);
        }

        // Uploads stream the file as the request body, with upload progress.
        function upload(file, progressID) {
          return new Promise((resolve, reject) => {
            const xhr = new XMLHttpRequest();
            xhr.open("PUT", `/api/uploads?name=${encodeURIComponent(file.name)}`);
            xhr.upload.onprogress = (e) => { if (e.lengthComputable) setProgress(progressID, e.loaded / e.total, `Uploading ${file.name}…`); };
            xhr.onload = () => {
              let body = null; try { body = JSON.parse(xhr.responseText); } catch (e) {}
              if (xhr.status === 201 && body) { setProgress(progressID, 1, `Uploaded ${file.name}`); resolve(body); }
              else reject(new Error((body && body.error) || `The upload of ${file.name} failed (${xhr.status}).`));
            };
            xhr.onerror = () => reject(new Error(`The upload of ${file.name} failed: the server could not be reached.`));
            xhr.send(file);
          });
        }

        // Follows a job's server-sent progress to its end.
        function follow(jobID, progressID) {
          return new Promise((resolve, reject) => {
            const source = new EventSource(`/api/jobs/${jobID}/events`);
            source.onmessage = (event) => {
              const status = JSON.parse(event.data);
              const label = status.state === "queued" ? `Waiting (${(status.position ?? 0) + 1} in line)…` : `${status.phase}…`;
              setProgress(progressID, status.fraction, status.state === "done" ? "Done" : label);
              if (status.state === "done") { source.close(); resolve(status); }
              if (status.state === "failed") { source.close(); reject(new Error(status.error || "The job failed.")); }
            };
            source.onerror = () => { source.close(); reject(new Error("Lost contact with the server.")); };
          });
        }

        async function startJob(kind, body) {
          const response = await fetch(`/api/jobs/${kind}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(await errorText(response));
          return (await response.json()).id;
        }

        // A Live Photo as Photos shows it: the still at rest with a LIVE badge; press and hold (or hover) plays the
        // movie with sound, which settles back on the still.
        function liveViewer(photoURL, videoURL) {
          const box = document.createElement("div");
          box.className = "live-viewer";
          box.dataset.state = "still";
          const img = document.createElement("img");
          img.src = photoURL; img.alt = "Live Photo"; img.draggable = false;
          const video = document.createElement("video");
          video.playsInline = true; video.preload = "none"; video.dataset.src = videoURL;
          const badge = document.createElement("span");
          badge.className = "badge"; badge.textContent = "LIVE";
          box.append(img, video, badge);
          const play = () => {
            if (!video.src) video.src = video.dataset.src;
            box.dataset.state = "playing";
            video.currentTime = 0; video.muted = false;
            video.play().catch(() => { video.muted = true; video.play().catch(() => settle()); });
          };
          const settle = () => { video.pause(); box.dataset.state = "still"; };
          box.addEventListener("pointerdown", (e) => { e.preventDefault(); play(); });
          box.addEventListener("pointerup", settle);
          box.addEventListener("pointercancel", settle);
          box.addEventListener("mouseenter", play);
          box.addEventListener("mouseleave", settle);
          video.addEventListener("ended", settle);
          video.addEventListener("playing", () => { box.dataset.played = "yes"; });
          return box;
        }

        function downloads(container, jobID, files) {
          container.replaceChildren(...files.map((file, index) => {
            const a = document.createElement("a");
            a.href = `/api/jobs/${jobID}/files/${index}`;
            a.download = file.name;
            a.dataset.role = file.role;
            const what = { photo: "Photo", video: "Video", bundle: "Both (.pvt.zip)" }[file.role] || file.role;
            a.textContent = `${what}: ${file.name} (${(file.size / 1e6).toFixed(1)} MB)`;
            return a;
          }));
        }

        // Modes.
        function showMode(mode) {
          for (const tab of document.querySelectorAll(".segmented button")) tab.setAttribute("aria-selected", String(tab.dataset.mode === mode));
          for (const section of document.querySelectorAll(".mode")) section.hidden = section.id !== mode;
          if (mode === "gallery") loadGallery();
        }
        for (const tab of document.querySelectorAll(".segmented button")) tab.addEventListener("click", () => showMode(tab.dataset.mode));

        // Assemble.
        const assemble = { photo: null, video: null };
        function updateAssembleButton() {
          $("assemble-go").disabled = !assemble.video || assemble.photo === "uploading" || assemble.video === "uploading";
        }
        $("assemble-photo").addEventListener("change", async (e) => {
          const file = e.target.files[0];
          showError("assemble-error", "");
          if (!file) { assemble.photo = null; updateAssembleButton(); return; }
          assemble.photo = "uploading"; updateAssembleButton();
          try { assemble.photo = await upload(file, "assemble-upload"); } catch (err) { assemble.photo = null; showError("assemble-error", err.message); }
          updateAssembleButton();
        });
        let scrubTimer = null;
        function showCover() {
          const t = Number($("cover").value);
          $("cover-label").textContent = `${t.toFixed(2)} s`;
          clearTimeout(scrubTimer);
          scrubTimer = setTimeout(() => { $("scrub-frame").src = `/api/uploads/${assemble.video.id}/frame?t=${t.toFixed(3)}`; }, 150);
        }
        $("cover").addEventListener("input", showCover);
        $("assemble-video").addEventListener("change", async (e) => {
          const file = e.target.files[0];
          showError("assemble-error", "");
          $("scrubber").hidden = true;
          if (!file) { assemble.video = null; updateAssembleButton(); return; }
          assemble.video = "uploading"; updateAssembleButton();
          try {
            assemble.video = await upload(file, "assemble-upload");
            const duration = assemble.video.durationSeconds;
            if (duration) {
              $("cover").max = String(duration);
              $("cover").value = String(assemble.video.coverTimeSeconds ?? duration / 2);
              $("scrubber").hidden = false;
              showCover();
            }
          } catch (err) { assemble.video = null; showError("assemble-error", err.message); }
          updateAssembleButton();
        });
        $("assemble-go").addEventListener("click", async () => {
          showError("assemble-error", "");
          $("assemble-result").hidden = true;
          $("assemble-go").disabled = true;
          try {
            const body = { video: assemble.video.id };
            if (assemble.photo && assemble.photo.id) body.photo = assemble.photo.id;
            if (!$("scrubber").hidden) body.cover = Number($("cover").value);
            const id = await startJob("assemble", body);
            const status = await follow(id, "assemble-progress");
            const result = status.result;
            const slot = $("assemble-result").querySelector(".viewer-slot");
            slot.replaceChildren(liveViewer(`/api/jobs/${id}/preview/photo`, `/api/jobs/${id}/preview/video`));
            $("assemble-result").querySelector(".summary").textContent = result.summary;
            downloads($("assemble-result").querySelector(".downloads"), id, result.files);
            $("assemble-result").hidden = false;
            $("assemble-result").dataset.job = id;
          } catch (err) { showError("assemble-error", err.message); }
          updateAssembleButton();
        });

        // Disassemble.
        let disassembleUploads = null;
        $("disassemble-files").addEventListener("change", async (e) => {
          const files = [...e.target.files];
          showError("disassemble-error", "");
          disassembleUploads = null;
          $("disassemble-go").disabled = true;
          if (files.length === 0) return;
          if (files.length > 2) { showError("disassemble-error", "Choose one Motion Photo or .pvt.zip, or a Live Photo's two files."); return; }
          try {
            const done = [];
            for (const file of files) done.push(await upload(file, "disassemble-upload"));
            disassembleUploads = done;
            $("disassemble-go").disabled = false;
          } catch (err) { showError("disassemble-error", err.message); }
        });
        $("disassemble-go").addEventListener("click", async () => {
          showError("disassemble-error", "");
          $("disassemble-result").hidden = true;
          $("disassemble-go").disabled = true;
          try {
            const id = await startJob("disassemble", { files: disassembleUploads.map((u) => u.id) });
            const status = await follow(id, "disassemble-progress");
            $("disassemble-photo").src = `/api/jobs/${id}/preview/photo`;
            $("disassemble-video").src = `/api/jobs/${id}/preview/video`;
            $("disassemble-result").querySelector(".summary").textContent = status.result.summary;
            downloads($("disassemble-result").querySelector(".downloads"), id, status.result.files);
            $("disassemble-result").hidden = false;
            $("disassemble-result").dataset.job = id;
          } catch (err) { showError("disassemble-error", err.message); }
          $("disassemble-go").disabled = !disassembleUploads;
        });

        // Gallery.
        async function loadGallery() {
          showError("gallery-error", "");
          try {
            const response = await fetch("/api/gallery");
            if (!response.ok) throw new Error(await errorText(response));
            const items = await response.json();
            const grid = $("gallery-grid");
            if (items.length === 0) { grid.textContent = "No Live Photos or Motion Photos in this folder."; return; }
            grid.replaceChildren(...items.map((item) => {
              const cell = document.createElement("div");
              cell.className = "item";
              cell.dataset.kind = item.kind;
              const caption = document.createElement("span");
              caption.textContent = `${item.name}${item.kind === "motion-photo" ? " (Motion Photo)" : ""}`;
              cell.append(liveViewer(`/api/gallery/${item.id}/photo`, `/api/gallery/${item.id}/video`), caption);
              return cell;
            }));
          } catch (err) { showError("gallery-error", err.message); }
        }

        fetch("/api/config").then((r) => r.json()).then((config) => {
          if (config.gallery) { $("tab-gallery").hidden = false; }
          document.body.dataset.ready = "yes";
        }).catch(() => { document.body.dataset.ready = "yes"; });
        """#
}
