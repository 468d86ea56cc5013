package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.TestFiles;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Routing accuracy on the FinanceBench dev questions: the gold document's (ticker, fiscal year)
 * must be among the routed shards. Prints the accuracy, the latency and every miss.
 */
class FinanceBenchRoutingTest {

    /** The 144 FinanceBench documents as a catalog, and the shard of each document by its name. */
    private static Catalog catalog(Map<String, Shard> shardOfDoc) throws IOException {
        Catalog catalog = new Catalog().useDirectory(TestCatalogs.directory()).useAliases(TestCatalogs.aliases());
        for (String line : Files.readAllLines(TestFiles.benchFile("financebench", "corpus.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode d = Json.MAPPER.readTree(line);
            String ticker = d.get("ticker").asText();
            int year = d.get("fiscal_year").asInt();
            catalog.add(TestCatalogs.commit(ticker, d.get("cik").asLong(), d.get("company").asText(), year,
                    d.get("form_type").asText(), d.hasNonNull("period") ? d.get("period").asText() : null));
            shardOfDoc.put(d.get("doc_name").asText(), new Shard(ticker, year));
        }
        return catalog;
    }

    /**
     * Questions in FinanceBench's style about the documents its dev set asks nothing of (10-Ks, 10-Qs, 8-Ks and earnings
     * releases of other years), written before the router was run on them: a check beside the dev set, since the held-out
     * FinanceBench questions are not here.
     */
    @Test
    void financeBenchStyleQuestionsOnTheOtherDocumentsRouteToTheirShard() throws IOException {
        assertThat(routedToTheirShard("financebench-style-questions.tsv", "FinanceBench-style questions on the other documents"))
                .isGreaterThanOrEqualTo(FINANCEBENCH_STYLE_FLOOR);
    }

    /**
     * A second set in FinanceBench's style, two questions for each document FinanceBench asks about, dev or held out, with
     * the many ways its questions give a period ("FY21", "as of Q2 of FY2023", "between FY2020 and FY2021", an 8-K's date).
     */
    @Test
    void aSecondSetOfFinanceBenchStyleQuestionsOnEveryAskedDocumentRoutesToTheirShard() throws IOException {
        assertThat(routedToTheirShard("financebench-style-questions-2.tsv", "FinanceBench-style questions, second set"))
                .isGreaterThanOrEqualTo(FINANCEBENCH_STYLE_2_FLOOR);
    }

    /** As measured when the second set was written (seventeenth pass on issue 17): all 168. */
    static final int FINANCEBENCH_STYLE_2_FLOOR = 168;

    /** The questions of a {@code doc_name<TAB>question} set routed to their document's shard; prints the figure and misses. */
    private static int routedToTheirShard(String resource, String label) throws IOException {
        Map<String, Shard> shardOfDoc = new HashMap<>();
        Catalog catalog = catalog(shardOfDoc);
        DeterministicRouter router = new DeterministicRouter();
        int asked = 0;
        List<String> misses = new ArrayList<>();
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(
                FinanceBenchRoutingTest.class.getResourceAsStream(resource), java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", 2);
                Shard gold = shardOfDoc.get(f[0]);
                assertThat(gold).as(f[0]).isNotNull();
                Route route = router.route(f[1], RouteHints.NONE, catalog);
                asked++;
                if (!route.shards().contains(gold)) {
                    misses.add("MISS gold=" + gold + " routed=" + route.shards() + " | " + f[1] + " | " + route.explanation());
                }
            }
        }
        System.out.printf("%s: %d/%d routed to their shard%n", label, asked - misses.size(), asked);
        misses.forEach(System.out::println);
        return asked - misses.size();
    }

    /** As measured when the questions were written: all 44. */
    static final int FINANCEBENCH_STYLE_FLOOR = 44;

    @Test
    void devQuestionsRouteToTheirGoldShardAtLeastNineTimesInTen() throws IOException {
        Path questionsFile = TestFiles.benchFile("financebench", "questions-dev.jsonl");
        Map<String, Shard> shardOfDoc = new HashMap<>();
        Catalog catalog = catalog(shardOfDoc);

        List<String[]> questions = new ArrayList<>();
        for (String line : Files.readAllLines(questionsFile)) {
            if (!line.isBlank()) {
                JsonNode q = Json.MAPPER.readTree(line);
                questions.add(new String[] {q.get("question").asText(), q.get("doc_name").asText()});
            }
        }
        DeterministicRouter router = new DeterministicRouter();
        for (int pass = 0; pass < 20; pass++) {
            for (String[] q : questions) {
                router.route(q[0], RouteHints.NONE, catalog); // builds the indexes and warms the JIT
            }
        }

        int hits = 0;
        int totalShards = 0;
        List<String> misses = new ArrayList<>();
        for (String[] q : questions) {
            Route route = router.route(q[0], RouteHints.NONE, catalog);
            totalShards += route.shards().size();
            if (Boolean.getBoolean("route.verbose")) {
                System.out.println(route.shards() + " " + route.confidence() + " " + route.issuers() + " " + route.forms()
                        + " " + route.periods() + " | " + q[0].substring(0, Math.min(110, q[0].length())));
            }
            Shard gold = shardOfDoc.get(q[1]);
            if (route.shards().contains(gold)) {
                hits++;
            } else {
                misses.add("MISS gold=" + gold + " routed=" + route.shards() + " | " + q[0] + " | " + route.explanation());
            }
        }
        // Latency: every question timed on its own, 20 passes, after the warm-up above.
        long[] nanos = new long[questions.size() * 20];
        int n = 0;
        for (int pass = 0; pass < 20; pass++) {
            for (String[] q : questions) {
                long start = System.nanoTime();
                router.route(q[0], RouteHints.NONE, catalog);
                nanos[n++] = System.nanoTime() - start;
            }
        }
        java.util.Arrays.sort(nanos);
        double meanMs = java.util.Arrays.stream(nanos).average().orElse(0) / 1e6;
        double accuracy = hits / (double) questions.size();
        System.out.printf("FinanceBench dev routing: %d/%d = %.3f; mean %.1f shards/question; latency per question"
                        + " median %.3f ms, p99 %.3f ms, mean %.3f ms, max %.3f ms (%d timed routes)%n",
                hits, questions.size(), accuracy, totalShards / (double) questions.size(),
                nanos[nanos.length / 2] / 1e6, nanos[(int) (nanos.length * 0.99)] / 1e6, meanMs,
                nanos[nanos.length - 1] / 1e6, nanos.length);
        misses.forEach(System.out::println);
        // issue 17's target for the dev questions: a rule that loses one of them fails here (the fifteenth pass's given
        // names read "in Pfizer's" as a person until "in" was no given name)
        assertThat(accuracy).isGreaterThanOrEqualTo(0.98);
    }
}
