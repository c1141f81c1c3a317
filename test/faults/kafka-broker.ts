import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './roles.js';
import { exited, untilAccepting } from './service-process.js';

/**
 * A single-node Kafka (KRaft, broker and controller in one JVM) of the test's own, on ports of its own with its
 * data under a temporary directory, so the test may stop and restart it without touching the machine's broker.
 * It runs the jars infra/scripts/ensure-kafka.sh fetched (the script is run first if they are missing).
 */
export interface OwnBroker {
  brokers: string[];
  /** The port the broker itself listens on (clients are told `brokers`, which a proxy may stand in front of). */
  port: number;
  /** SIGTERM: a controlled shutdown, as an operator's restart; resolves once the JVM exited. */
  stop(): Promise<void>;
  /** Resolves once it accepts connections (its data kept from before). */
  start(): Promise<void>;
  remove(): Promise<void>;
}

const KAFKA_HOME = resolve(import.meta.dirname, '../../infra/kafka');
const LIB = join(KAFKA_HOME, '.lib');
// A JVM on a busy two-core machine can take most of a minute to start.
const START_TIMEOUT_MS = 120_000;

function properties(dir: string, port: number, controllerPort: number, advertisedPort: number): string {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${advertisedPort}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${join(dir, 'data')}`,
    'num.partitions=4',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=4',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    '',
  ].join('\n');
}

/** `advertisedPort`: where clients are told to connect, when a proxy stands in front of the broker's own port. */
export async function startOwnBroker(options: { advertisedPort?: number } = {}): Promise<OwnBroker> {
  if (!existsSync(join(LIB, '.version'))) execFileSync('bash', [resolve(KAFKA_HOME, '../scripts/ensure-kafka.sh')], { stdio: 'ignore' });
  const [port, controllerPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'memctx-faults-kafka-'));
  const props = join(dir, 'server.properties');
  writeFileSync(props, properties(dir, port, controllerPort, options.advertisedPort ?? port));
  const java = ['-Xmx384m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Djava.awt.headless=true', `-Dlog4j.configuration=file:${join(KAFKA_HOME, 'log4j.properties')}`, '-cp', `${LIB}/*`];
  // A KRaft cluster id is 16 random bytes in URL-safe base64, as `StorageTool random-uuid` prints it; like Kafka's own
  // Uuid.randomUuid, never one that starts with '-', which the tool's argument parser reads as an option (1 run in 64).
  let clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-')) clusterId = randomBytes(16).toString('base64url');
  execFileSync('java', [...java, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props], { stdio: 'ignore' });

  let child: ChildProcess | undefined;
  let starts = 0;
  const start = async () => {
    // One log per start, kept beside the data for a failed run.
    const logFile = join(dir, `kafka-${++starts}.log`);
    const log = openSync(logFile, 'w');
    child = spawn('java', [...java, 'kafka.Kafka', props], { cwd: dir, stdio: ['ignore', log, log] });
    // A test runner that ends without afterAll (killed, timed out) must not leave the JVM behind.
    const orphaned = child;
    process.once('exit', () => orphaned.kill('SIGKILL'));
    await untilAccepting(port, child, START_TIMEOUT_MS, 'the test\'s Kafka broker').catch((error: Error) => {
      // The directory goes with the test: its log's errors, or its last lines, go into the failure.
      const lines = readFileSync(logFile, 'utf8').split('\n');
      const errors = lines.filter((line) => /\] (ERROR|FATAL) /.test(line));
      throw new Error(`${error.message}:\n${(errors.length > 0 ? errors.slice(0, 10) : lines.slice(-20)).join('\n')}`);
    });
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited(child);
  };
  await start();
  return {
    brokers: [`127.0.0.1:${options.advertisedPort ?? port}`],
    port,
    start,
    stop,
    async remove() {
      if (child && child.exitCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
