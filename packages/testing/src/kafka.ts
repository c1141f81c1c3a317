let brokers: Promise<string[]> | undefined;

/**
 * Kafka for integration tests: MEMCTX_TEST_KAFKA_BROKERS (CI starts a KRaft broker
 * from Maven Central's jars, infra/scripts/ensure-kafka.sh), or testcontainers
 * where a Docker engine exists. Missing both is an error, never a skip.
 */
export function testKafkaBrokers(): Promise<string[]> {
  brokers ??= (async () => {
    const fromEnv = process.env.MEMCTX_TEST_KAFKA_BROKERS;
    if (fromEnv) return fromEnv.split(',').map((b) => b.trim()).filter(Boolean);
    try {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
      return [`${container.getHost()}:${container.getMappedPort(9093)}`];
    } catch (error) {
      throw new Error(
        'Kafka is required by this test: set MEMCTX_TEST_KAFKA_BROKERS=host:9092 (CI does, via .ci/run and infra/scripts/ensure-kafka.sh) ' +
          `or provide a Docker engine for testcontainers. testcontainers said: ${(error as Error).message}`,
        { cause: error },
      );
    }
  })();
  return brokers;
}
