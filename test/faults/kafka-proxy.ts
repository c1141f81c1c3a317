import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a broker that can lose a produce request's answer: the request reaches the broker, which
 * writes the batch, and the connection dies before the answer reaches the producer, as when a broker or the network
 * fails at that moment. Kafka frames each request and answer with a 4-byte size; a request's header holds its API key
 * (0 = Produce) and a correlation id that its answer repeats, which is how the answer is recognised.
 */
export interface KafkaProxy {
  port: number;
  /** The next `count` produce answers are dropped, each closing its connection; resolves once the last was. */
  loseProduceAnswers(count: number): Promise<void>;
  close(): Promise<void>;
}

const PRODUCE = 0;

/** Calls `onFrame` with each whole frame (size prefix included) as chunks arrive. */
function frames(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
      const size = 4 + pending.readInt32BE(0);
      onFrame(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  };
}

export async function startKafkaProxy(upstreamPort: number, port: number): Promise<KafkaProxy> {
  let losing: { left: number; done: () => void } | undefined;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(upstreamPort, '127.0.0.1');
    const produceIds = new Set<number>();
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
    client.on('data', frames((frame) => {
      if (frame.readInt16BE(4) === PRODUCE) produceIds.add(frame.readInt32BE(8));
      upstream.write(frame);
    }));
    upstream.on('data', frames((frame) => {
      const correlationId = frame.readInt32BE(4);
      const isProduce = produceIds.delete(correlationId);
      if (isProduce && losing) {
        closeBoth();
        if (--losing.left === 0) {
          losing.done();
          losing = undefined;
        }
        return;
      }
      client.write(frame);
    }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    loseProduceAnswers: (count) => new Promise<void>((resolve) => (losing = { left: count, done: resolve })),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
