import { stopIntent } from '../../notify/conversations/stop-words';
import type { ReceivedMessage } from '../../store/conversations/conversations';
import type { OptOut } from '../../store/conversations/opt-outs';

/** A visitor's message that may ask to stop WhatsApp messages without being STOP: the owner decides. */
export interface StopMark {
  /** When they wrote it (ISO). */
  at: string;
  /** What they wrote (the text, or an attachment's caption). */
  text: string;
}

/**
 * The visitor's latest message that may ask to stop (stopIntent 'maybe': a stop word in a longer message, or a
 * STOP written as an attachment's caption, which opts nothing out), unless a later STOP or START settled it; none
 * while the number is opted out. Read from the messages on each view: nothing more is stored.
 */
export function stopMark(received: readonly ReceivedMessage[], optOut: OptOut | null): StopMark | null {
  if (optOut) return null;
  let mark: StopMark | null = null;
  for (const m of received) {
    const intent = m.text ? stopIntent(m.text) : null;
    const settles = m.type === 'text' || m.type === 'button';
    if (intent === 'maybe' || (intent === 'out' && !settles)) mark = { at: m.at, text: m.text! };
    else if (intent && settles) mark = null;
  }
  return mark;
}
