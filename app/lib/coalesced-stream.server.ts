import { Transform } from "node:stream";

/**
 * A pass-through that hands on, as one chunk, everything written to it in one turn of the event
 * loop. React writes a document in 2 KB pieces; passed on one by one, each became its own
 * socket write and its own trip through the web stream the response is made of.
 * `onEnd` runs once the writer has ended, before the last chunk is handed on.
 */
export function coalescedStream(onEnd: () => void = () => {}): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const handOn = () => {
    scheduled = false;
    if (pending.length === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(handOn);
      }
      callback();
    },
    flush(callback) {
      onEnd();
      handOn();
      callback();
    },
  });
  return stream;
}
