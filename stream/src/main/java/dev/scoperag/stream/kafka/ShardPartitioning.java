package dev.scoperag.stream.kafka;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * Every record of a shard goes to one partition of {@code chunks}, so a reader sees a shard's
 * records in the order they were written. The key ({@code <shard>/<record id>}) cannot be hashed
 * whole for this: records of one shard have different keys.
 */
public final class ShardPartitioning {

    private ShardPartitioning() {}

    public static int partitionOf(String shard, int[] partitions) {
        int hash = Utils.toPositive(Utils.murmur2(shard.getBytes(StandardCharsets.UTF_8)));
        return partitions[hash % partitions.length];
    }
}
