/**
 * The only place that knows the core runs in a Web Worker reached through
 * Comlink. Everything else in the UI sees a plain CoreApi.
 */
import * as Comlink from 'comlink';
import type { CoreApi, PatchListener } from '../../protocol/core-api';

/** Starts the core worker and returns its API; listeners are proxied so the worker can call back. */
export function connectCore(): CoreApi {
  const worker = new Worker(new URL('../../core-worker/worker.ts', import.meta.url), { type: 'module', name: 'plaza-core' });
  const remote = Comlink.wrap<CoreApi>(worker);
  return {
    // A function cannot be structured-cloned: it crosses as a proxy the worker calls back through.
    $subscribe: (listener: PatchListener) => remote.$subscribe(Comlink.proxy(listener)),
    $signIn: (email, password) => remote.$signIn(email, password),
    $signOut: () => remote.$signOut(),
    $openConversation: (address) => remote.$openConversation(address),
    $loadOlder: (address) => remote.$loadOlder(address),
    $post: (address, text) => remote.$post(address, text),
    $deleteMessage: (address, guid) => remote.$deleteMessage(address, guid),
    $typing: (address) => remote.$typing(address),
    $startDirectMessage: (targetUserGuid) => remote.$startDirectMessage(targetUserGuid),
    $setAttention: (attentive) => remote.$setAttention(attentive),
    $exportSession: (id) => remote.$exportSession(id),
    $listRecordings: () => remote.$listRecordings(),
    $getRecordingSettings: () => remote.$getRecordingSettings(),
    $setRecordingSettings: (settings) => remote.$setRecordingSettings(settings),
  };
}
