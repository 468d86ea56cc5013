package dev.scoperag.query.types;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.record.ChunkTopicRecord;

/** What reaches a shard store for one shard: a record of the chunks topic, or a search to run. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "input")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ShardInput.Published.class, name = "published"),
    @JsonSubTypes.Type(value = ShardInput.Search.class, name = "search")
})
public sealed interface ShardInput {

    @JsonIgnore
    String shard();

    /**
     * A chunks-topic record of this shard, keyed by the canonical shard id: a record written before
     * tickers were canonicalized ({@code BRK.B:2023}) goes to the shard the router routes to ({@code BRK-B:2023}).
     */
    record Published(ChunkTopicRecord record) implements ShardInput {
        @Override
        public String shard() {
            return Shard.fromId(record.shard()).map(Shard::id).orElse(record.shard());
        }
    }

    /** A routed query's search in this shard. */
    record Search(ShardRequest request) implements ShardInput {
        @Override
        public String shard() {
            return request.shard();
        }
    }
}
