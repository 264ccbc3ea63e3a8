/**
 * The debug worker's own worker, decoding an imported session's frames ahead of its replay
 * (frame-decoder.ts): it waits for the file, then decodes.
 */
import { decodeFramesAhead, type DecoderPort, type ToDecoder } from './frame-decoder';

const port = self as unknown as DecoderPort;
port.onmessage = (event: MessageEvent<ToDecoder>) => {
  if (event.data.type === 'start') void decodeFramesAhead(port, event.data);
};
