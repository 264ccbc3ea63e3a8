/**
 * The digest of the events one input appended, as a session file's `E n h` line holds it
 * (docs/session-format.md "Digests"): the hash of the JSON of the envelopes, with the hash and the
 * rules of the file's format version. The recorder writes it; the replayer checks it.
 */
import { hashText } from '../projections/hash';
import type { Envelope } from '../protocol/events';
import { digestsLeaveOutSnapshots, sessionHashName } from '../protocol/session-file';

/** A snapshot envelope as version 4 digests it: everything but the payload's data. */
function withoutPayload(envelope: Envelope): Envelope {
  if (envelope.event.type !== 'log.snapshot') return envelope;
  return { ...envelope, event: { type: 'log.snapshot', snapshot: { v: envelope.event.snapshot.v, data: null } } };
}

/** The digest (16 hex digits) of `envelopes` under format `version`. */
export function eventsDigest(envelopes: readonly Envelope[], version: number): string {
  const hash = sessionHashName(version);
  if (!digestsLeaveOutSnapshots(version) || !envelopes.some((e) => e.event.type === 'log.snapshot')) return hashText(JSON.stringify(envelopes), hash);
  return hashText(JSON.stringify(envelopes.map(withoutPayload)), hash);
}
