// A TypeScript user's client: types from `openapi-typescript` (schema.d.ts, generated from the served
// document by tests/test_clients.py), calls through `openapi-fetch`. `tsc --strict` must accept it; run with
// node against the service, it prints what it got as one JSON line.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Job = components["schemas"]["Job"];

async function main(base: string, key: string, page: string): Promise<void> {
  const client = createClient<paths>({ baseUrl: base, headers: { "x-api-key": key } });

  const shot = await client.POST("/api/screenshot", { body: { url: page, format: "webp" }, parseAs: "arrayBuffer" });
  if (shot.data === undefined) throw new Error(`screenshot: ${shot.response.status}`);
  // openapi-typescript types a binary answer as string; parseAs decides what it is at run time.
  const bytes = new Uint8Array(shot.data as unknown as ArrayBuffer);

  const report = await client.POST("/api/screenshot", { body: { url: page, responseType: "json" }, parseAs: "json" });
  const described = report.data as components["schemas"]["CaptureReport"];

  const accepted = await client.POST("/api/jobs", { body: { url: page, format: "png" } });
  if (accepted.data === undefined) throw new Error(`job: ${accepted.response.status}`);
  let job: Job | undefined;
  for (let tries = 0; tries < 300; tries++) {
    const read = await client.GET("/api/jobs/{id}", { params: { path: { id: accepted.data.id } } });
    job = read.data;
    if (job !== undefined && ["SUCCEEDED", "FAILED", "CANCELLED"].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const usage = await client.GET("/api/usage");
  const refused = await client.POST("/api/screenshot", { body: { url: "http://127.0.0.1:1/" } });

  console.log(JSON.stringify({
    riff: new TextDecoder().decode(bytes.slice(0, 4)),
    contentType: shot.response.headers.get("content-type"),
    reportType: described.contentType,
    jobStatus: job?.status,
    resultUrl: job?.resultUrl,
    used: usage.data?.quota.used,
    refusedStatus: refused.response.status,
    refusedCode: refused.error?.code,
  }));
}

const [base, key, page] = process.argv.slice(2);
if (base === undefined || key === undefined || page === undefined) throw new Error("usage: client.js BASE KEY PAGE");
await main(base, key, page);
