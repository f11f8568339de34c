/**
 * The quiz's funnel seen from the browser: each step a visitor reaches after the first is told to the server once
 * (POST /api/funnel, src/routes/api/funnel.ts), which moves the visitor's row of the day and the day's counts. The
 * first step is counted with the view of /quiz, and a step the server rendered itself (a plain form post) was
 * counted by the server: `counted` starts there.
 */

/** Steps are numbered from 1 here, as the server counts them (index 0 is step 1, the quiz opened). */
export function reportQuizStep(step: number): void {
  // keepalive: the count still goes when the visitor leaves the page at once; no identifier is sent, and a failure
  // costs the visitor nothing.
  void fetch('/api/funnel', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ step }),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/**
 * Reports each step index after `counted` up to `reached` (as steps counted from 1) and returns the furthest index
 * now counted: a step already counted, or one gone back to, is never reported again.
 */
export function reportStepsReached(counted: number, reached: number, report = reportQuizStep): number {
  for (let index = counted + 1; index <= reached; index++) report(index + 1);
  return Math.max(counted, reached);
}
