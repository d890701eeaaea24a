// Jobs: started with a POST, followed through server-sent events to their end, their files offered for download.
import { postJSON } from "./api.js";
import { setProgress } from "./dom.js";

// Starts a job of `kind` (assemble, disassemble, edit, capture); resolves to its id.
export async function startJob(kind, body) {
  return (await postJSON(`/api/jobs/${kind}`, body)).id;
}

// Follows a job's server-sent progress to its end, in the progress bar `progressID`; resolves to its last status.
export function follow(jobID, progressID) {
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

// A link per file of a finished job, into `container`.
export function downloads(container, jobID, files) {
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
