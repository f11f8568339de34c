// A small closed-loop load generator for loopback measurements: `concurrency` workers send
// requests back to back until `total` requests are done or `maxSeconds` pass (always bounded).

/** @param {{ request: (i: number) => Promise<Response>, concurrency: number, total: number, maxSeconds: number }} o */
export async function runLoad({ request, concurrency, total, maxSeconds }) {
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  async function worker() {
    while (next < total && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await request(i);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    errors,
    statuses: Object.fromEntries(statuses),
  };
}

export const fmt = (r) =>
  `${r.requests} req in ${r.seconds.toFixed(1)} s = ${r.rps.toFixed(0)} req/s; p50 ${r.p50.toFixed(1)} ms, ` +
  `p99 ${r.p99.toFixed(1)} ms; errors ${r.errors}; statuses ${JSON.stringify(r.statuses)}`;
