package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.core.search.ShardIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A corpus-wide search gives the same merged candidates (order, ranks and scores) however its shards
 * are spread over stores: the query job's answer must not change when the job is rescaled.
 */
class CorpusWideMergeTest {

    private static final int DIMENSIONS = 8;
    private static final String[] WORDS = {"revenue", "net", "income", "operating", "margin", "cash", "debt", "dividend",
        "inventory", "segment", "acquisition", "lease", "tax", "goodwill", "impairment", "capital", "expenditure", "share",
        "repurchase", "customers", "growth", "decline", "interest", "pension", "risk", "litigation", "supply", "chain"};
    private static final String[] SHARDS = {"KO:2021", "KO:2022", "PEP:2022", "AMD:2022", "MSFT:2022", "XOM:2022", "BA:2023"};

    /** Each shard's index, built once: a store searches the indexes of the shards it holds. */
    private static final Map<String, ShardIndex> INDEXES = new LinkedHashMap<>();

    @BeforeAll
    static void buildShards() {
        Random random = new Random(7);
        for (int s = 0; s < SHARDS.length; s++) {
            // Uneven sizes, and one shard far larger than the rest, so a store's share of any list varies.
            int size = s == 2 ? 90 : 8 + random.nextInt(25);
            INDEXES.put(SHARDS[s], ShardIndex.build(chunks(SHARDS[s], size, random)));
        }
    }

    @AfterAll
    static void closeShards() {
        INDEXES.values().forEach(ShardIndex::close);
    }

    private static List<IndexedChunk> chunks(String shard, int count, Random random) {
        String ticker = shard.substring(0, shard.indexOf(':'));
        int year = Integer.parseInt(shard.substring(shard.indexOf(':') + 1));
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder text = new StringBuilder();
            if (random.nextInt(6) == 0) {
                text.append("CONSOLIDATED STATEMENTS OF INCOME (in millions) Years ended December 31 ");
            }
            int words = 10 + random.nextInt(40);
            for (int w = 0; w < words; w++) {
                text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
            }
            // Half the vectors on a few axes, so dense scores tie and the tie-break decides.
            float[] vector = random.nextBoolean() ? axis(random.nextInt(3)) : unitRandom(random);
            String docId = ticker + "-" + year + "-10K";
            chunks.add(TestRecords.indexedChunk(shard + "/c" + i, shard, text.toString().trim()).document(docId, "hash-" + shard).seq(i)
                    .chars(i * 1_250, i * 1_250 + text.length()).pages(1 + i, 1 + i).vector(vector).build());
        }
        return chunks;
    }

    private static float[] axis(int direction) {
        float[] v = new float[DIMENSIONS];
        v[direction] = 1f;
        return v;
    }

    private static float[] unitRandom(Random random) {
        float[] v = new float[DIMENSIONS];
        double norm = 0;
        for (int i = 0; i < DIMENSIONS; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < DIMENSIONS; i++) {
            v[i] = (float) (v[i] / Math.sqrt(norm));
        }
        return v;
    }

    private static List<SearchRequest> questions() {
        float[] revenue = unitRandom(new Random(11));
        float[] statement = unitRandom(new Random(12));
        return List.of(
                SearchRequest.of("What was net revenue and operating margin?", revenue),
                SearchRequest.of("What does the income statement show for net income?", statement),
                SearchRequest.of("What does the income statement show for net income?", null),
                SearchRequest.of("goodwill impairment after the acquisition", revenue).withMode(SearchMode.BM25),
                SearchRequest.of("goodwill impairment after the acquisition", axis(1)).withMode(SearchMode.DENSE),
                SearchRequest.of("cash dividend and share repurchase", axis(0)).withDepth(5).withLimit(8),
                SearchRequest.of("income statement interest tax", statement).withDepth(3).withLimit(4));
    }

    /** Every way of spreading the shards over stores that the test tries: 1, 2, 3, 4 stores, and one per shard. */
    private static List<List<List<String>>> spreads() {
        List<String> shards = List.of(SHARDS);
        List<List<List<String>>> spreads = new ArrayList<>();
        spreads.add(List.of(shards));
        for (int stores = 2; stores <= 4; stores++) {
            spreads.add(roundRobin(shards, stores));
            spreads.add(blocks(shards, stores));
            for (int seed = 0; seed < 3; seed++) {
                spreads.add(randomly(shards, stores, new Random(100L * stores + seed)));
            }
        }
        spreads.add(shards.stream().map(List::of).toList());
        return spreads;
    }

    private static List<List<String>> roundRobin(List<String> shards, int stores) {
        List<List<String>> spread = emptyStores(stores);
        for (int i = 0; i < shards.size(); i++) {
            spread.get(i % stores).add(shards.get(i));
        }
        return spread;
    }

    private static List<List<String>> blocks(List<String> shards, int stores) {
        List<List<String>> spread = emptyStores(stores);
        int per = (shards.size() + stores - 1) / stores;
        for (int i = 0; i < shards.size(); i++) {
            spread.get(i / per).add(shards.get(shards.size() - 1 - i));
        }
        return spread;
    }

    private static List<List<String>> randomly(List<String> shards, int stores, Random random) {
        List<List<String>> spread = emptyStores(stores);
        for (String shard : shards) {
            spread.get(random.nextInt(stores)).add(shard);
        }
        return spread;
    }

    private static List<List<String>> emptyStores(int stores) {
        List<List<String>> spread = new ArrayList<>();
        for (int i = 0; i < stores; i++) {
            spread.add(new ArrayList<>());
        }
        return spread;
    }

    private static QueryPlan plan(SearchRequest search) {
        QueryEvent query = new QueryEvent("q1", search.query(), null, null, null);
        return new QueryPlan(query, Route.corpusWide(new TreeSet<>(), List.of(), "no issuer named"), List.of(), search, null, 0L, Map.of());
    }

    /** What each store of the spread returns, after the trip through the job's JSON state, merged by the answer stage. */
    private static List<Candidate> merged(SearchRequest search, List<List<String>> spread) {
        List<ShardResult> results = new ArrayList<>();
        for (int store = 0; store < spread.size(); store++) {
            List<ShardIndex> held = spread.get(store).stream().map(INDEXES::get).toList();
            ShardResult result = ShardResult.corpusWide("q1", "store-" + store, spread.size(), RankedLists.search(held, search));
            results.add(Json.fromBytes(Json.toBytes(result), ShardResult.class));
        }
        return AnswerStage.merge(plan(search), results);
    }

    private static List<String> described(List<Candidate> candidates) {
        return candidates.stream().map(c -> c.chunk().chunkId() + " bm25=" + c.bm25Rank() + "/" + c.bm25Score() + " dense=" + c.denseRank()
                + "/" + c.denseScore() + " fused=" + c.fusedScore()).toList();
    }

    @Test
    void mergedCandidatesAreTheSameHoweverShardsAreSpreadOverStores() {
        for (SearchRequest search : questions()) {
            List<String> oneStore = described(merged(search, List.of(List.of(SHARDS))));
            assertThat(oneStore).as(search.query()).isNotEmpty();
            for (List<List<String>> spread : spreads()) {
                assertThat(described(merged(search, spread))).as(search.query() + " over " + spread).containsExactlyElementsOf(oneStore);
            }
        }
    }

    @Test
    void everyListIsRankedOverAllShardsByRawScore() {
        SearchRequest search = questions().get(0);
        List<Candidate> merged = merged(search, roundRobin(List.of(SHARDS), 3));
        List<RankedLists> perShard = INDEXES.values().stream().map(index -> index.rankedLists(search)).toList();
        // The best BM25 and dense entries of any shard, by raw score, are ranks 1 of the merged lists.
        float bestBm25 = perShard.stream().filter(l -> !l.bm25().isEmpty()).map(l -> l.bm25().get(0).score()).max(Float::compare).orElseThrow();
        float bestDense = perShard.stream().filter(l -> !l.dense().isEmpty()).map(l -> l.dense().get(0).score()).max(Float::compare).orElseThrow();
        assertThat(merged).filteredOn(c -> Integer.valueOf(1).equals(c.bm25Rank())).singleElement()
                .satisfies(c -> assertThat(c.bm25Score()).isEqualTo(bestBm25));
        assertThat(merged).filteredOn(c -> Integer.valueOf(1).equals(c.denseRank())).singleElement()
                .satisfies(c -> assertThat(c.denseScore()).isEqualTo(bestDense));
        assertThat(merged).hasSize(search.limit());
        assertThat(merged.stream().map(c -> c.chunk().shard()).distinct().count()).isGreaterThan(1);
    }

    @Test
    void aStoreReturnsEachListOnlyAsDeepAsTheSearch() {
        SearchRequest search = questions().get(5);
        RankedLists lists = RankedLists.search(INDEXES.values(), search);

        assertThat(lists.bm25()).hasSize(search.depth());
        assertThat(lists.dense()).hasSize(search.depth());
        assertThat(lists.statements()).hasSizeLessThanOrEqualTo(5);
    }
}
