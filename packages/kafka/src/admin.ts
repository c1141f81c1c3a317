import { AssignerProtocol } from 'kafkajs';
import { kafkaClient, type KafkaOptions } from './client.js';

/**
 * Creates the topic when missing. Partitions bound how many projector instances
 * share the work, and cannot be reduced later (raising them moves keys), so the
 * count is chosen up front rather than left to the broker's auto-create default.
 */
export async function ensureTopic(options: KafkaOptions, topic: string, partitions: number): Promise<{ created: boolean; partitions: number }> {
  const admin = kafkaClient(options).admin();
  await admin.connect();
  try {
    const created = await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: partitions }] });
    const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
    return { created, partitions: metadata?.partitions.length ?? 0 };
  } finally {
    await admin.disconnect();
  }
}

/** The members of a consumer group and the partitions each owns now: shows how projector instances share the work. */
export async function groupAssignment(options: KafkaOptions, groupId: string): Promise<Array<{ memberId: string; partitions: number[] }>> {
  const admin = kafkaClient(options).admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([groupId]);
    return (groups[0]?.members ?? []).map((member) => {
      const decoded = member.memberAssignment.length > 0 ? AssignerProtocol.MemberAssignment.decode(member.memberAssignment) : null;
      return { memberId: member.memberId, partitions: Object.values(decoded?.assignment ?? {}).flat().sort((a, b) => a - b) };
    });
  } finally {
    await admin.disconnect();
  }
}

/**
 * How many messages of a topic a consumer group has not committed yet, summed over its partitions (a partition
 * the group never committed counts from its oldest message): the lag of Kafka-fed projectors.
 */
export async function groupLag(options: KafkaOptions, groupId: string, topic: string): Promise<number> {
  const admin = kafkaClient(options).admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    return ends.reduce((lag, end) => {
      const offset = at.get(end.partition) ?? -1;
      return lag + Number(end.high) - (offset >= 0 ? offset : Number(end.low));
    }, 0);
  } finally {
    await admin.disconnect();
  }
}
