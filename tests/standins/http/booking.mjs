// A booking page stand-in (Cal.com, Calendly and the like) at /booking, for the journeys that follow "Book a call"
// after the quiz: it answers a plain page naming the program the link carried, and the control API's state lists
// every visit's query string (state.received.booking[].search), so a journey can check that the link carried a
// program and nothing personal.
import { register } from './index.mjs';

register('booking', ({ url }) => {
  const program = url.searchParams.get('program') ?? '';
  const safe = program.replace(/[^a-z0-9-]/gi, '');
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Book a call (stand-in)</title></head><body><h1>Book a call</h1><p>Program: <strong>${safe}</strong></p></body></html>`,
  };
});
